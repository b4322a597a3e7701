import { Link } from '../../../lib/locale-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useSession } from '../../../lib/session';
import { localePath, t } from '../../../messages';
import { Avatar } from './avatar';

/**
 * The account corner of the header. Signed out: Login and Register. Signed
 * in: the avatar and first name, linking to the dashboard, and Logout.
 * `variant` lays it out for the desktop bar or the mobile menu.
 */
export function HeaderAccount({ variant }: { variant: 'desktop' | 'mobile' }) {
  const { status, user, signOut } = useSession();
  const wrap = variant === 'desktop' ? 'flex items-center gap-2' : 'flex flex-col gap-2';

  if (status === 'loading') return <div className={wrap} aria-hidden="true" />;

  if (status === 'signed-in' && user) {
    // A fresh load of /login: signing out on an account page must not send to
    // /login with that page as the way back, and nothing of the account stays in memory.
    const logout = () => {
      signOut();
      window.location.replace(localePath(user.role === 'user' ? '/login' : '/employer/login'));
    };
    return (
      <div className={wrap}>
        <Link
          to={
            user.role === 'admin' ? '/admin' : user.role === 'employer' ? '/employer' : '/candidate/dashboard'
          }
          className={cn(
            'inline-flex min-h-11 items-center gap-2 rounded-lg px-2 font-semibold text-stone-900 hover:bg-brand-50',
            variant === 'mobile' && 'px-3',
          )}
        >
          <Avatar
            photo={user.profileimage}
            firstname={user.firstname}
            lastname={user.lastname}
            className="size-9"
          />
          <span className="max-w-[10rem] truncate">{user.firstname || t.auth.candidate}</span>
        </Link>
        <Button variant="secondary" onClick={logout}>
          {t.auth.logout}
        </Button>
      </div>
    );
  }

  return (
    <div className={wrap}>
      <Link to="/login" className={buttonClass('ghost', 'md')}>
        {t.auth.login}
      </Link>
      <Link to="/register" className={buttonClass('primary', 'md')}>
        {t.auth.register}
      </Link>
    </div>
  );
}
