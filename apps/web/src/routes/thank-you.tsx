import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { usePageTitle } from '../lib/use-page-title';
import { t } from '../messages';

export const CONTACT_REDIRECT_MS = 1000;

/** /thank-you: goes on to /contact after 1 second (spec section 9). */
export default function ThankYouPage() {
  usePageTitle(t.jobs.thankYouTitle);
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate('/contact', { replace: true }), CONTACT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center px-4 py-10 text-center">
      <div
        aria-hidden="true"
        className="mb-4 flex size-16 items-center justify-center rounded-full bg-green-100 text-3xl text-green-800"
      >
        ✓
      </div>
      <h1 className="text-2xl font-bold text-stone-900">{t.jobs.thankYouTitle}</h1>
      <p role="status" className="mt-2 text-stone-700">
        {t.jobs.thankYouText}
      </p>
      <Link to="/contact" replace className="mt-4 font-semibold text-brand-800 underline underline-offset-2">
        {t.jobs.thankYouLink}
      </Link>
    </div>
  );
}
