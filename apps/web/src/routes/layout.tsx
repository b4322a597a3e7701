import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Outlet } from 'react-router';
import { useLocation, usePageLocale } from '../lib/locale-router';
import { FloatingActions } from '../features/shell/components/floating-actions';
import { SiteFooter } from '../features/shell/components/site-footer';
import { SiteHeader } from '../features/shell/components/site-header';
import { popupMode, popupWasClosed } from '../features/shell/lib/popup-state';
import { useMediaQuery } from '../lib/use-media-query';
import { setLocale, t } from '../messages';
import { prefersHindi, rememberedLanguage } from '../lib/language-preference';
import { syncLanguageHead } from '../lib/language-head';
import LanguageSuggestion from '../features/shell/components/language-suggestion';
import { HydratedMark } from '../lib/hydrated-mark';

// The popup and its form are loaded only when the popup is going to open, so
// the form library stays out of the first load of every page.
const ContactPopup = lazy(() => import('../features/shell/components/contact-popup'));
const ContactForm = lazy(() =>
  import('../features/contact/components/contact-form').then((m) => ({ default: m.ContactForm })),
);

/** The chrome around every screen. */
export function Layout() {
  const { pathname, search } = useLocation();
  // The page's language, from its address, before any screen below reads a text.
  const lang = usePageLocale();
  setLocale(lang);
  // The head's language tags follow client navigation (the server wrote the first ones).
  useEffect(() => syncLanguageHead(lang, pathname, search), [lang, pathname, search]);
  const [suggest, setSuggest] = useState(false);
  useEffect(() => {
    setSuggest(
      lang === 'en' && !rememberedLanguage() && prefersHindi(navigator.languages ?? [navigator.language]),
    );
  }, [lang]);
  const [popupClosedBefore] = useState(() => popupWasClosed());
  // The popup waits for the first render in the browser, where the screen's width is known.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const isPhone = useMediaQuery('(max-width: 639px)');
  const mode = popupMode(pathname, isPhone);
  const showPopup = mounted && !popupClosedBefore && mode !== 'none';
  // A new page starts at its top. The first one is where the visitor has already scrolled it to: a page
  // rendered on the server can be read and scrolled before the app takes it over.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
  // The header, the screen and the footer are boundaries of their own: on a rendered page React attaches
  // them one after another in slices that leave the phone free between them, and a tap on a part not yet
  // attached makes React attach that part at once and then handle the tap (selective hydration). The
  // elements are kept while the page stays, so the chrome's own updates (the popup, the language hint)
  // do not hurry them.
  const [header, screen, footer] = useMemo(
    () => [
      <Suspense key="header" fallback={null}>
        <SiteHeader />
      </Suspense>,
      <Suspense key="screen" fallback={null}>
        <Outlet />
        <HydratedMark />
      </Suspense>,
      <Suspense key="footer" fallback={null}>
        <SiteFooter />
      </Suspense>,
    ],
    // Made again when the page or its language changes, as the chrome around them is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [lang, pathname],
  );
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        {t.common.skipToContent}
      </a>
      {suggest && <LanguageSuggestion onClose={() => setSuggest(false)} />}
      {header}
      {/* At least a screen tall, so the footer starts below the fold and never jumps as a page loads. */}
      <main id="main" className="min-h-svh flex-1">
        {screen}
      </main>
      {footer}
      <FloatingActions />
      {showPopup && (
        <Suspense fallback={null}>
          <ContactPopup mode={mode === 'sheet' ? 'sheet' : 'dialog'}>
            <ContactForm layout="popup" defaultSubject="jobs" defaultMessage={t.shell.popup.sampleMessage} />
          </ContactPopup>
        </Suspense>
      )}
    </div>
  );
}
