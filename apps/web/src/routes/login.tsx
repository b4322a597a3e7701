import { Link } from 'react-router';
import { AuthCard } from '../features/auth/components/auth-card';
import { LoginForm } from '../features/auth/components/login-form';
import { GuestOnly } from '../features/auth/components/require-auth';
import { usePageTitle } from '../lib/use-page-title';
import { t } from '../messages';

const link = 'font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900';

export default function LoginPage() {
  usePageTitle(t.auth.login);
  return (
    <GuestOnly>
      <AuthCard
        title={t.auth.loginTitle}
        intro={t.auth.loginIntro}
        footer={
          <div className="space-y-2">
            <p className="text-stone-700">
              {t.auth.noAccount}{' '}
              <Link to="/register" className={link}>
                {t.auth.createAccount}
              </Link>
            </p>
            <p>
              <Link to="/" className={link}>
                {t.auth.backHome}
              </Link>
            </p>
          </div>
        }
      >
        <LoginForm />
      </AuthCard>
    </GuestOnly>
  );
}
