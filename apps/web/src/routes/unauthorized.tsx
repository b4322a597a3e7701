import { Link, useNavigate } from '../lib/locale-router';
import { Button, buttonClass } from '../components/ui/button';
import { useSession } from '../lib/session';
import { usePageTitle } from '../lib/use-page-title';
import { t } from '../messages';

export default function UnauthorizedPage() {
  usePageTitle(t.dashboard.unauthorizedTitle);
  const { status, signOut } = useSession();
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-xl px-4 py-12 text-center sm:py-20">
      <span
        aria-hidden="true"
        className="mx-auto flex size-16 items-center justify-center rounded-full bg-amber-100 text-amber-800"
      >
        <svg viewBox="0 0 24 24" className="size-8" fill="none" stroke="currentColor" strokeWidth="2">
          <rect x="4" y="11" width="16" height="10" rx="2" />
          <path d="M8 11V7a4 4 0 0 1 8 0v4" />
        </svg>
      </span>
      <h1 className="mt-4 text-2xl font-bold text-stone-900 sm:text-3xl">{t.dashboard.unauthorizedTitle}</h1>
      <p className="mt-3 text-stone-700">{t.dashboard.unauthorizedText}</p>
      <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
        <Link to="/" className={buttonClass('primary', 'lg')}>
          {t.dashboard.goHome}
        </Link>
        {status === 'signed-in' ? (
          // The account here is the wrong one: sign it out before the login screen.
          <Button
            variant="secondary"
            size="lg"
            onClick={() => {
              signOut();
              navigate('/login');
            }}
          >
            {t.dashboard.signInOther}
          </Button>
        ) : (
          <Link to="/login" className={buttonClass('secondary', 'lg')}>
            {t.dashboard.signInOther}
          </Link>
        )}
      </div>
    </div>
  );
}
