import { Link, useLocation } from '../lib/locale-router';
import { buttonClass } from '../components/ui/button';
import { JobCard } from '../components/job-card';
import type { ThankYouState } from '../features/apply/components/guest-application-form';
import { useJobs } from '../features/jobs/api/get-jobs';
import { EMPTY_FILTERS } from '../features/jobs/job-filters';
import { usePageTitle } from '../lib/use-page-title';
import { t } from '../messages';

/** How many similar jobs the page offers. */
const SIMILAR_JOBS = 3;

/** What the registration form can be prefilled with. */
export interface RegisterPrefill {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
}

function prefillFrom(guest: NonNullable<ThankYouState['guest']>): RegisterPrefill {
  const [first = '', ...rest] = guest.name.trim().split(/\s+/);
  return { firstname: first, lastname: rest.join(' '), email: guest.email ?? '', phone: guest.phone ?? '' };
}

/**
 * /thank-you: stays (decisions item 14). It offers similar open jobs and an
 * account made with the details the guest just gave.
 */
export default function ThankYouPage() {
  usePageTitle(t.jobs.thankYouTitle);
  const state = (useLocation().state ?? {}) as ThankYouState;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
      <div className="flex flex-col items-center text-center">
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
      </div>
      {state.guest && (
        <section
          aria-labelledby="thank-you-account"
          className="mt-6 rounded-xl border border-brand-200 bg-brand-50 p-5 text-center"
        >
          <h2 id="thank-you-account" className="text-lg font-semibold text-brand-900">
            {t.jobs.thankYouAccountTitle}
          </h2>
          <p className="mt-1 text-stone-800">{t.jobs.thankYouAccountText}</p>
          <Link
            to="/register"
            state={{ prefill: prefillFrom(state.guest) }}
            className={buttonClass('primary', 'md', 'mt-3')}
          >
            {t.jobs.thankYouCreateAccount}
          </Link>
        </section>
      )}
      <SimilarJobs job={state.job} />
      <p className="mt-6 text-center">
        <Link to="/jobs" className="font-semibold text-brand-800 underline underline-offset-2">
          {t.jobs.thankYouBrowse}
        </Link>
      </p>
    </div>
  );
}

/** Open jobs of the same kind in the same city, without the one just applied to. */
function SimilarJobs({ job }: { job: ThankYouState['job'] }) {
  const jobs = useJobs({
    ...EMPTY_FILTERS,
    category: job?.category ?? '',
    state: job?.state ?? '',
    city: job?.city ?? '',
  });
  const similar = (jobs.data?.data ?? []).filter((j) => j._id !== job?._id).slice(0, SIMILAR_JOBS);
  if (similar.length === 0) return null;
  return (
    <section aria-labelledby="thank-you-similar" className="mt-8">
      <h2 id="thank-you-similar" className="mb-3 text-lg font-semibold text-stone-900">
        {t.jobs.thankYouSimilarTitle}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-3">
        {similar.map((j) => (
          <li key={j._id}>
            <JobCard job={j} />
          </li>
        ))}
      </ul>
    </section>
  );
}
