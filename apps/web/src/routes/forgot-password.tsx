import { AuthCard } from '../features/auth/components/auth-card';
import { ForgotPasswordForm } from '../features/auth/components/forgot-password-form';
import { usePageTitle } from '../lib/use-page-title';
import { t } from '../messages';

export default function ForgotPasswordPage() {
  usePageTitle(t.auth.forgotTitle);
  return (
    <AuthCard title={t.auth.forgotTitle} intro={t.auth.forgotIntro}>
      <ForgotPasswordForm />
    </AuthCard>
  );
}
