import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';

/**
 * The account corner of the header. Signed out: Login and Register.
 * `variant` lays it out for the desktop bar or the mobile menu.
 */
export function HeaderAccount({ variant }: { variant: 'desktop' | 'mobile' }) {
  const wrap = variant === 'desktop' ? 'flex items-center gap-2' : 'flex flex-col gap-2';
  return (
    <div className={wrap}>
      <Link to="/login" className={buttonClass('ghost', 'md')}>
        Login
      </Link>
      <Link to="/register" className={buttonClass('primary', 'md')}>
        Register
      </Link>
    </div>
  );
}
