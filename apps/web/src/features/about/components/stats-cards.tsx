import type { ReactNode } from 'react';
import { Link } from '../../../lib/locale-router';
import { t } from '../../../messages';
import { useSiteStats } from '../api/get-site-stats';
import { formatCount } from '../../../lib/format';

function StatCard({
  label,
  value,
  to,
  testId,
}: {
  label: string;
  value: ReactNode;
  to?: string;
  testId: string;
}) {
  const inner = (
    <>
      <span className="block h-8 text-2xl font-bold text-brand-800 sm:h-9 sm:text-3xl" data-testid={testId}>
        {value}
      </span>
      <span className="mt-1 block text-sm font-medium leading-tight text-stone-800 sm:text-base">
        {label}
      </span>
      {to && (
        <span
          aria-hidden="true"
          className="absolute right-2 top-1.5 text-sm text-brand-700 sm:right-4 sm:top-4 sm:text-base"
        >
          →
        </span>
      )}
    </>
  );
  const cls =
    'relative block rounded-xl border border-stone-200 bg-white px-2 py-4 text-center shadow-sm sm:p-5';
  return to ? (
    <Link to={to} className={`${cls} hover:border-brand-600 hover:shadow-md`}>
      {inner}
    </Link>
  ) : (
    <div className={cls}>{inner}</div>
  );
}

/** Live totals from GET /stats: candidates, spas (→ /spas) and jobs (→ /all/jobs/filters). */
export function StatsCards() {
  const stats = useSiteStats();
  const value = (n: number | undefined) =>
    n !== undefined ? (
      formatCount(n)
    ) : stats.isError ? (
      '—'
    ) : (
      <span className="inline-block h-7 w-16 animate-pulse rounded bg-stone-200 sm:h-8 sm:w-20" />
    );
  return (
    <div>
      <div className="grid grid-cols-3 gap-2 sm:gap-3">
        <StatCard
          label={t.about.activeCandidates}
          value={value(stats.data?.totalUsers)}
          testId="stat-users"
        />
        <StatCard
          label={t.about.registeredSpas}
          value={value(stats.data?.totalSpas)}
          to="/spas"
          testId="stat-spas"
        />
        <StatCard
          label={t.about.postedJobs}
          value={value(stats.data?.totalJobs)}
          to="/all/jobs/filters"
          testId="stat-jobs"
        />
      </div>
      {stats.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t.about.statsError}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void stats.refetch()}>
            {t.common.retry}
          </button>
        </p>
      )}
    </div>
  );
}
