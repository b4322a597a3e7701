import { Link } from '../../../lib/locale-router';
import { Skeleton, ErrorPanel } from '../../../components/ui/states';
import { formatCount } from '../../../lib/format';
import { format, t } from '../../../messages';
import { useJobSummary } from '../api/get-job-summary';

const m = t.home.summary;
const TILES = 8;

const jobsLabel = (n: number) => (n === 1 ? m.jobsOne : format(m.jobs, { count: formatCount(n) }));
const jobsUrl = (q: Record<string, string>) => `/jobs?${new URLSearchParams(q).toString()}`;

function Group({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <div aria-labelledby={id} role="group">
      <h3 id={id} className="mb-3 text-lg font-semibold text-stone-900">
        {title}
      </h3>
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">{children}</ul>
    </div>
  );
}

function Tile({ to, name, count }: { to: string; name: string; count: number }) {
  return (
    <li>
      <Link
        to={to}
        className="flex h-full min-h-[72px] flex-col justify-center rounded-xl border border-stone-200 bg-white px-4 py-3 shadow-sm transition-colors hover:border-brand-600 hover:bg-brand-50"
      >
        <span className="font-semibold text-stone-900">{name}</span>
        <span className="text-sm text-brand-800">{jobsLabel(count)}</span>
      </Link>
    </li>
  );
}

/** Tiles of open jobs by city, state, category, and city with state; each opens the job listing filtered. */
export function JobSummaryTiles() {
  const q = useJobSummary();
  return (
    <section aria-labelledby="summary-title" className="space-y-6">
      <h2 id="summary-title" className="text-2xl font-bold text-stone-900">
        {m.title}
      </h2>
      {q.isPending ? (
        <div aria-hidden="true" className="space-y-6">
          {[0, 1].map((g) => (
            <div key={g}>
              <Skeleton className="mb-3 h-6 w-40" />
              <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
                {Array.from({ length: TILES }, (_, i) => (
                  <Skeleton key={i} className="h-[72px] rounded-xl" />
                ))}
              </div>
            </div>
          ))}
        </div>
      ) : q.isError ? (
        <ErrorPanel title={m.error} onRetry={() => void q.refetch()} />
      ) : (
        <div className="space-y-8">
          <Group id="summary-city" title={m.byCity}>
            {q.data.byCity.slice(0, TILES).map((c) => (
              <Tile key={c.city} to={jobsUrl({ city: c.city })} name={c.city} count={c.totalJobs} />
            ))}
          </Group>
          <Group id="summary-state" title={m.byState}>
            {q.data.byState.slice(0, TILES).map((s) => (
              <Tile key={s.state} to={jobsUrl({ state: s.state })} name={s.state} count={s.totalJobs} />
            ))}
          </Group>
          <Group id="summary-category" title={m.byCategory}>
            {q.data.byCategory.slice(0, TILES).map((c) => (
              <Tile
                key={c.category}
                to={jobsUrl({ category: c.category })}
                name={c.category}
                count={c.totalJobs}
              />
            ))}
          </Group>
          <div role="group" aria-labelledby="summary-city-state">
            <h3 id="summary-city-state" className="mb-3 text-lg font-semibold text-stone-900">
              {m.byCityState}
            </h3>
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              {q.data.byCityState.slice(0, TILES).map((cs) => (
                <li
                  key={`${cs.city}|${cs.state}`}
                  className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm"
                >
                  <Link
                    to={jobsUrl({ state: cs.state, city: cs.city })}
                    className="font-semibold text-stone-900 hover:text-brand-800 hover:underline"
                  >
                    {cs.city}, {cs.state}
                  </Link>
                  <p className="text-sm text-brand-800">{jobsLabel(cs.totalJobs)}</p>
                  <ul
                    aria-label={format(m.categoriesIn, { place: cs.city })}
                    className="mt-2 flex flex-wrap gap-1.5"
                  >
                    {cs.categories.map((cat) => (
                      <li key={cat}>
                        <Link
                          to={jobsUrl({ state: cs.state, city: cs.city, category: cat })}
                          className="inline-flex min-h-8 items-center rounded-full bg-brand-50 px-2.5 text-xs font-medium text-brand-800 hover:bg-brand-100"
                        >
                          {cat}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </section>
  );
}
