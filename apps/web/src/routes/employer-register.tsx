import { Link } from '../lib/locale-router';
import { AuthCard } from '../features/auth/components/auth-card';
import { EmployerRegisterForm } from '../features/employer/components/staff-forms';
import { employerText as e } from '../features/employer/messages';
import { usePageTitle } from '../lib/use-page-title';

export default function EmployerRegisterPage() {
  usePageTitle(e.registerTitle);
  return (
    <AuthCard
      title={e.registerTitle}
      intro={e.registerIntro}
      footer={
        <p className="text-stone-700">
          {e.haveAccount}{' '}
          <Link to="/employer/login" className="font-semibold text-brand-800 underline underline-offset-2">
            {e.signIn}
          </Link>
        </p>
      }
    >
      <EmployerRegisterForm />
    </AuthCard>
  );
}
