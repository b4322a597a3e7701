import { Link } from '../lib/locale-router';
import { AuthCard } from '../features/auth/components/auth-card';
import { StaffLoginForm } from '../features/employer/components/staff-forms';
import { employerText as e } from '../features/employer/messages';
import { usePageTitle } from '../lib/use-page-title';

const link = 'font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900';

export default function EmployerLoginPage() {
  usePageTitle(e.loginTitle);
  return (
    <AuthCard
      title={e.loginTitle}
      intro={e.loginIntro}
      footer={
        <div className="space-y-2">
          <p className="text-stone-700">
            {e.noAccount}{' '}
            <Link to="/employer/register" className={link}>
              {e.registerTitle}
            </Link>
          </p>
          <p>
            <Link to="/login" className={link}>
              {e.candidateLogin}
            </Link>
          </p>
        </div>
      }
    >
      <StaffLoginForm />
    </AuthCard>
  );
}
