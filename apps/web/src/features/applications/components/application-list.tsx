import { Link } from '../../../lib/locale-router';
import { formatDate } from '../../../lib/format';
import { intlLocale, t } from '../../../messages';
import type { ApplicationWithJob } from '../api/get-applications';
import { useWithdrawApplication } from '../api/withdraw-application';

const OPEN = ['applied', 'shortlisted', 'interview'];

function Withdraw({ id }: { id: string }) {
  const withdraw = useWithdrawApplication();
  return (
    <>
      <button
        type="button"
        className="relative z-10 mt-2 min-h-9 text-sm font-semibold text-red-800 underline-offset-2 hover:underline disabled:text-stone-500"
        disabled={withdraw.isPending}
        onClick={() => withdraw.mutate(id)}
      >
        {t.trust.withdraw}
      </button>
      {withdraw.isError && (
        <p role="alert" className="text-sm text-red-700">
          {withdraw.error.message}
        </p>
      )}
    </>
  );
}

const statusStyle: Record<string, string> = {
  applied: 'bg-sky-100 text-sky-900',
  viewed: 'bg-violet-100 text-violet-900',
  shortlisted: 'bg-amber-100 text-amber-900',
  rejected: 'bg-red-100 text-red-900',
  hired: 'bg-green-100 text-green-900',
  interview: 'bg-violet-100 text-violet-900',
  withdrawn: 'bg-stone-100 text-stone-800',
};

const when = (iso: string) =>
  new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** An application: job title (to the job), location and city, salary, status as received, "Applied on" date. */
export function ApplicationRow({ application }: { application: ApplicationWithJob }) {
  const { job } = application;
  // The location often names the city already ("Indira Nagar, Lucknow"): say the city once.
  const place =
    job.city && !job.location.toLowerCase().includes(job.city.toLowerCase())
      ? [job.location, job.city].filter(Boolean)
      : [job.location || job.city];
  return (
    <li className="relative rounded-xl border border-stone-200 bg-white p-4 focus-within:ring-2 focus-within:ring-brand-600 hover:border-brand-600">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 flex-1 text-base font-semibold text-stone-900">
          <Link
            to={`/job/${job._id}`}
            className="after:absolute after:inset-0 after:content-[''] focus:outline-none"
          >
            {job.title}
          </Link>
        </h3>
        <span
          className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusStyle[application.status] ?? 'bg-stone-100 text-stone-800'}`}
        >
          <span className="sr-only">{t.dashboard.status}: </span>
          {application.status}
        </span>
      </div>
      <dl className="mt-2 grid gap-1 text-sm text-stone-700 sm:grid-cols-3">
        <div className="flex gap-1">
          <dt className="sr-only">{t.dashboard.location}</dt>
          <dd>
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="mr-1 inline size-4 align-[-2px] text-stone-500"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21Z" />
              <circle cx="12" cy="9.5" r="2.5" />
            </svg>
            {place.join(', ')}
          </dd>
        </div>
        <div className="flex gap-1">
          <dt className="sr-only">{t.dashboard.salary}</dt>
          <dd className="font-semibold text-brand-800">{job.salary}</dd>
        </div>
        <div className="flex gap-1 sm:justify-end">
          <dt>{t.dashboard.appliedOn}</dt>
          <dd>{formatDate(application.appliedAt)}</dd>
        </div>
      </dl>
      {application.status === 'interview' && application.interviewAt && (
        <p className="mt-2 rounded-lg bg-violet-50 p-2 text-sm text-violet-900">
          {t.trust.interview}: {when(application.interviewAt)}
          {application.interviewPlace ? ` · ${application.interviewPlace}` : ''}
        </p>
      )}
      {application.history && application.history.length > 1 && (
        <details className="relative z-10 mt-2 text-sm text-stone-700">
          <summary className="cursor-pointer font-medium">{t.trust.history}</summary>
          <ol className="mt-1 space-y-0.5">
            {application.history.map((h, i) => (
              <li key={i}>
                {t.trust.statusLabels[h.status] ?? h.status} · {when(h.at)}
              </li>
            ))}
          </ol>
        </details>
      )}
      {OPEN.includes(application.status) && <Withdraw id={application._id} />}
    </li>
  );
}

export function ApplicationList({ items }: { items: ApplicationWithJob[] }) {
  return (
    <ul className="space-y-3">
      {items.map((a) => (
        <ApplicationRow key={a._id} application={a} />
      ))}
    </ul>
  );
}
