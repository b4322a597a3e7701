import { useSearchParams } from 'react-router';
import { Link } from '../lib/locale-router';
import { AuthCard } from '../features/auth/components/auth-card';
import { LoginForm } from '../features/auth/components/login-form';
import { GuestOnly } from '../features/auth/components/require-auth';
import { loginUrl } from '../lib/next-path';
import { usePageTitle } from '../lib/use-page-title';
import { t } from '../messages';

const link = 'font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900';

export default function LoginPage() {
  const next = useSearchParams()[0].get('next') ?? '';
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
              <Link to={loginUrl(next, '/register')} className={link}>
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
