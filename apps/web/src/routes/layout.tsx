import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { t } from '../messages';

/** The chrome around every screen. */
export function Layout() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        {t.common.skipToContent}
      </a>
      <main id="main" className="flex-1">
        <Outlet />
      </main>
    </div>
  );
}
