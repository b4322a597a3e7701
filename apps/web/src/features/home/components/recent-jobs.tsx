import { Link } from '../../../lib/locale-router';
import { buttonClass } from '../../../components/ui/button';
import { EmptyState, ErrorPanel } from '../../../components/ui/states';
import { JobCard, JobCardSkeleton } from '../../../components/job-card';
import { formatCount } from '../../../lib/format';
import { format, t } from '../../../messages';
import { RECENT_JOBS_LIMIT, useRecentJobs } from '../api/get-recent-jobs';

const m = t.home.recent;

export function RecentJobs() {
  const q = useRecentJobs();
  const viewAll = (
    <Link to="/jobs" className={buttonClass('secondary')}>
      {m.viewAll}
    </Link>
  );
  return (
    <section aria-labelledby="recent-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="recent-title" className="text-2xl font-bold text-stone-900">
            {m.title}
          </h2>
          <p className="mt-1 min-h-6 text-stone-700">
            {q.data &&
              q.data.count > 0 &&
              (q.data.count === 1 ? m.countOne : format(m.count, { count: formatCount(q.data.count) }))}
          </p>
        </div>
        <div className="hidden sm:block">{viewAll}</div>
      </div>
      {q.isPending ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          {Array.from({ length: RECENT_JOBS_LIMIT }, (_, i) => (
            <li key={i}>
              <JobCardSkeleton />
            </li>
          ))}
        </ul>
      ) : q.isError ? (
        <ErrorPanel title={m.errorTitle} message={q.error.message} onRetry={() => void q.refetch()} />
      ) : q.data.data.length === 0 ? (
        <EmptyState title={m.emptyTitle} text={m.emptyText} />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {q.data.data.map((job) => (
            <li key={job._id}>
              <JobCard job={job} />
            </li>
          ))}
        </ul>
      )}
      <div className="text-center">{viewAll}</div>
    </section>
  );
}
