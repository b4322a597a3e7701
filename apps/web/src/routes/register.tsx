import { useSearchParams } from 'react-router';
import { Link } from '../lib/locale-router';
import { AuthCard } from '../features/auth/components/auth-card';
import { RegisterForm } from '../features/auth/components/register-form';
import { GuestOnly } from '../features/auth/components/require-auth';
import { loginUrl } from '../lib/next-path';
import { usePageTitle } from '../lib/use-page-title';
import { t } from '../messages';

export default function RegisterPage() {
  const next = useSearchParams()[0].get('next') ?? '';
  usePageTitle(t.auth.register);
  return (
    <GuestOnly>
      <AuthCard
        wide
        title={t.auth.registerTitle}
        intro={t.auth.registerIntro}
        footer={
          <p className="text-stone-700">
            {t.auth.haveAccount}{' '}
            <Link
              to={loginUrl(next, '/login')}
              className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
            >
              {t.auth.signInLink}
            </Link>
          </p>
        }
      >
        <RegisterForm />
      </AuthCard>
    </GuestOnly>
  );
}
