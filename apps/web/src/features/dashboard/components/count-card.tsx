import { Link } from '../../../lib/locale-router';
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
        className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700"
      >
        <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
          <rect x="3" y="7" width="18" height="13" rx="2" />
          <path d="M9 7V5a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2v2M3 13h18" />
        </svg>
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
