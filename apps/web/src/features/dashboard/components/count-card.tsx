import { Link } from 'react-router';
import { Skeleton } from '../../../components/ui/states';
import { t } from '../../../messages';

/** The "Applied Jobs" count card. */
export function AppliedJobsCard({ count, loading }: { count: number | undefined; loading: boolean }) {
  return (
    <Link
      to="/applications"
      className="flex items-center gap-4 rounded-xl border border-stone-200 bg-white p-4 shadow-sm hover:border-brand-600 sm:p-5"
    >
      <span
        aria-hidden="true"
        className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-50 text-2xl"
      >
        💼
      </span>
      <span className="min-w-0">
        <span className="block text-sm font-medium text-stone-700">{t.dashboard.appliedJobs}</span>
        {loading ? (
          <Skeleton className="mt-1 h-8 w-12" />
        ) : (
          <span className="block text-3xl font-bold text-stone-900" data-testid="applied-jobs-count">
            {count ?? 0}
          </span>
        )}
      </span>
    </Link>
  );
}
