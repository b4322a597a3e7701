import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { FloatingActions } from '../features/shell/components/floating-actions';
import { SiteFooter } from '../features/shell/components/site-footer';
import { SiteHeader } from '../features/shell/components/site-header';
import { popupWasClosed } from '../features/shell/lib/popup-state';
import { t } from '../messages';

// The popup and its form are loaded only when the popup is going to open, so
// the form library stays out of the first load of every page.
const ContactPopup = lazy(() => import('../features/shell/components/contact-popup'));
const ContactForm = lazy(() =>
  import('../features/contact/components/contact-form').then((m) => ({ default: m.ContactForm })),
);

/** The chrome around every screen. */
export function Layout() {
  const { pathname } = useLocation();
  const [showPopup] = useState(() => !popupWasClosed());
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
      <SiteHeader />
      {/* At least a screen tall, so the footer starts below the fold and never jumps as a page loads. */}
      <main id="main" className="min-h-svh flex-1">
        <Outlet />
      </main>
      <SiteFooter />
      <FloatingActions />
      {showPopup && (
        <Suspense fallback={null}>
          <ContactPopup>
            <ContactForm layout="popup" defaultSubject="jobs" defaultMessage={t.shell.popup.sampleMessage} />
          </ContactPopup>
        </Suspense>
      )}
    </div>
  );
}
