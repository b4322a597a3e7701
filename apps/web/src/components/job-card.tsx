import { Link } from '../lib/locale-router';
import type { Job } from '@spajobs/contract/job';
import { useAppliedJobIds } from '../lib/applied-jobs';
import { formatCount, relativePostedTime } from '../lib/format';
import { format, t } from '../messages';
import { BriefcaseIcon, CheckIcon, MapPinIcon, WalletIcon } from './ui/icons';
import { VerifiedBadge } from './verified-badge';

/** A job in a grid or list: title, spa, place, salary, experience, when posted. Opens the job. */
export function JobCard({ job, headingLevel = 3 }: { job: Job; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const applied = useAppliedJobIds().has(job._id);
  return (
    <article className="relative flex h-full flex-col rounded-xl border border-stone-200 bg-white p-4 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md">
      <div className="flex items-start justify-between gap-2">
        <Heading className="text-base font-semibold leading-snug text-stone-900">
          <Link
            to={`/job/${job._id}`}
            state={{ job }}
            className="after:absolute after:inset-0 after:content-[''] focus:outline-none"
          >
            {job.title}
          </Link>
        </Heading>
        {applied ? (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-bold text-green-900">
            <CheckIcon size={14} />
            {t.jobs.appliedOnCard}
          </span>
        ) : (
          job.isNewJob && (
            <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900">
              {t.jobs.newBadge}
            </span>
          )
        )}
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-stone-700">
        {job.spa.name}
        {job.spa.verified && <VerifiedBadge />}
      </p>
      <dl className="mt-3 grid gap-1 text-sm text-stone-800">
        <div className="flex gap-2">
          <dt className="sr-only">{t.jobs.location}</dt>
          <dd className="flex items-center gap-1.5">
            <MapPinIcon className="size-4 shrink-0 text-stone-500" />
            {job.location}
            {job.distance !== undefined && (
              <span className="shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-bold text-brand-800">
                {format(t.jobs.distanceAway, { km: formatCount(job.distance) })}
              </span>
            )}
          </dd>
        </div>
        <div className="flex gap-2">
          <dt className="sr-only">{t.jobs.salary}</dt>
          <dd className="flex items-center gap-1.5 font-semibold text-brand-800">
            <WalletIcon className="size-4 shrink-0 text-brand-700" />
            {job.salary}
          </dd>
        </div>
        <div className="flex gap-2">
          <dt className="sr-only">{t.jobs.experience}</dt>
          <dd className="flex items-center gap-1.5">
            <BriefcaseIcon className="size-4 shrink-0 text-stone-500" />
            {job.experience}
          </dd>
        </div>
      </dl>
      <div className="mt-auto flex items-center justify-between gap-2 pt-3 text-xs text-stone-600">
        <span className="rounded-full bg-brand-50 px-2 py-0.5 font-medium text-brand-800">
          {job.category}
        </span>
        <span>
          <span className="sr-only">{t.jobs.posted} </span>
          {relativePostedTime(job.postedOn)}
        </span>
      </div>
    </article>
  );
}

/** The card's shape while loading, at the same height, so nothing shifts. */
export function JobCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="h-[188px] animate-pulse rounded-xl border border-stone-200 bg-white p-4"
    >
      <div className="h-5 w-2/3 rounded bg-stone-200" />
      <div className="mt-2 h-4 w-1/2 rounded bg-stone-200" />
      <div className="mt-4 h-4 w-3/4 rounded bg-stone-200" />
      <div className="mt-2 h-4 w-1/2 rounded bg-stone-200" />
      <div className="mt-2 h-4 w-1/3 rounded bg-stone-200" />
    </div>
  );
}
