import { useSearchParams } from 'react-router';
import { AuthCard } from '../features/auth/components/auth-card';
import { ResetPasswordForm } from '../features/auth/components/reset-password-form';
import { usePageTitle } from '../lib/use-page-title';
import { t } from '../messages';

export default function ResetPasswordPage() {
  usePageTitle(t.auth.resetTitle);
  const [params] = useSearchParams();
  return (
    <AuthCard title={t.auth.resetTitle} intro={t.auth.resetIntro}>
      <ResetPasswordForm token={params.get('token')} />
    </AuthCard>
  );
}
