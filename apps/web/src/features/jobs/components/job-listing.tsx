import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { JobCard, JobCardSkeleton } from '../../../components/job-card';
import { Button } from '../../../components/ui/button';
import { Drawer } from '../../../components/ui/drawer';
import { Pagination } from '../../../components/ui/pagination';
import { EmptyState, ErrorPanel, Skeleton } from '../../../components/ui/states';
import { JOB_PAGE_SIZE } from '@spajobs/contract/constants';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useHydrated } from '../../../lib/use-hydrated';
import { useSearchUpdate } from '../../../lib/use-search-update';
import { t } from '../../../messages';
import { useJobs } from '../api/get-jobs';
import { useDebouncedText } from '../hooks/use-debounced-text';
import {
  activeFilterKeys,
  applyFilterChange,
  countLabel,
  EMPTY_FILTERS,
  filtersToParams,
  parseFilters,
  rangeLabel,
  totalText,
  type FilterKey,
  type JobFilters,
} from '../job-filters';
import { ActiveFilterChips } from './active-filter-chips';
import { JobFilterPanel } from './job-filter-panel';

/**
 * "Latest Spa Jobs": filters in the query string, results filtered and paged
 * by the server, 9 a page.
 */
export interface JobListingProps {
  /** Shown beside the heading, for the search on screen (the page adds "Get these jobs by e-mail"). */
  headerAction?: (filters: JobFilters) => ReactNode;
}

export function JobListing({ headerAction }: JobListingProps = {}) {
  const [params, changeParams] = useSearchUpdate();
  const filters = useMemo(() => parseFilters(params), [params]);
  const isDesktop = useMediaQuery('(min-width: 1024px)');
  // The server does not know the screen's width: its HTML carries the desktop panel and the phone's
  // filter button, each shown by CSS at its width, so neither moves when the browser takes over.
  const hydrated = useHydrated();
  const showPanel = isDesktop || !hydrated;
  const showButton = !isDesktop;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const resultsRef = useRef<HTMLDivElement>(null);

  const update = useCallback(
    (patch: Partial<JobFilters>, opts: { replace?: boolean } = {}) => {
      changeParams((prev) => filtersToParams(applyFilterChange(parseFilters(prev), patch)), {
        replace: opts.replace ?? false,
        preventScrollReset: true,
      });
    },
    [changeParams],
  );

  const [titleDraft, onTitle] = useDebouncedText(filters.q, (q) => update({ q }, { replace: true }));
  const [spaDraft, onSpa] = useDebouncedText(filters.spa, (spa) => update({ spa }, { replace: true }));

  const reset = useCallback(() => update({ ...EMPTY_FILTERS }), [update]);
  const remove = useCallback((k: FilterKey) => update({ [k]: '' }), [update]);

  const jobs = useJobs(filters);
  const data = jobs.data;

  // A shared link may point past the last page once jobs have closed.
  useEffect(() => {
    if (data && !jobs.isPlaceholderData && data.pages > 0 && filters.page > data.pages) {
      update({ page: data.pages }, { replace: true });
    }
  }, [data, jobs.isPlaceholderData, filters.page, update]);

  const goToPage = (page: number) => {
    update({ page });
    resultsRef.current?.scrollIntoView({ block: 'start' });
  };

  const hasActive = activeFilterKeys(filters).length > 0;
  const panel = (
    <JobFilterPanel
      filters={filters}
      titleDraft={titleDraft}
      spaDraft={spaDraft}
      onTitle={onTitle}
      onSpa={onSpa}
      onChange={(patch) => update(patch)}
      onReset={reset}
      hasActive={hasActive}
    />
  );
  const activeCount = activeFilterKeys(filters).length;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:py-8">
      <header className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">{t.jobs.listTitle}</h1>
          <p className="mt-1 text-stone-700">{t.jobs.listIntro}</p>
        </div>
        {headerAction?.(filters)}
      </header>

      <div className="lg:grid lg:grid-cols-[17rem_1fr] lg:gap-8">
        {showPanel ? (
          <aside
            aria-labelledby="filters-heading"
            className={`self-start lg:sticky lg:top-20 ${isDesktop ? '' : 'hidden lg:block'}`}
          >
            <div className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
              <h2 id="filters-heading" className="mb-4 text-lg font-semibold text-stone-900">
                {t.jobs.filtersTitle}
              </h2>
              {panel}
            </div>
          </aside>
        ) : (
          <Drawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            title={t.jobs.filtersTitle}
            footer={
              <Button className="w-full" onClick={() => setDrawerOpen(false)}>
                {data
                  ? `${t.jobs.showResults} (${totalText(data.total, data.totalCapped)})`
                  : t.jobs.showResults}
              </Button>
            }
          >
            {panel}
          </Drawer>
        )}

        <section aria-labelledby="results-heading" className="min-w-0 scroll-mt-20" ref={resultsRef}>
          <div className="flex min-h-12 flex-wrap items-center justify-between gap-x-4 gap-y-2">
            <div aria-live="polite" aria-atomic="true">
              <h2 id="results-heading" className="text-lg font-semibold text-stone-900">
                {data ? (
                  countLabel(data.total, data.totalCapped)
                ) : (
                  <Skeleton className="inline-block h-6 w-32 align-middle" />
                )}
              </h2>
              <p className="min-h-5 text-sm text-stone-700" data-testid="range-label">
                {data ? rangeLabel(filters.page, data.total, JOB_PAGE_SIZE, data.totalCapped) : ''}
              </p>
            </div>
            {showButton && (
              <Button
                className={hydrated ? undefined : 'lg:hidden'}
                variant="secondary"
                onClick={() => setDrawerOpen(true)}
                aria-haspopup="dialog"
                aria-expanded={drawerOpen}
              >
                <span aria-hidden="true">☰</span>
                {t.jobs.openFilters}
                {activeCount > 0 && (
                  <span className="rounded-full bg-brand-700 px-2 text-xs text-white">{activeCount}</span>
                )}
              </Button>
            )}
          </div>

          <div className="mt-3">
            <ActiveFilterChips filters={filters} onRemove={remove} onReset={reset} />
          </div>

          <div className="mt-4" aria-busy={jobs.isFetching}>
            {jobs.isError && !data ? (
              <ErrorPanel
                title={t.jobs.loadErrorTitle}
                message={jobs.error.message}
                onRetry={() => void jobs.refetch()}
              />
            ) : !data ? (
              <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={t.common.loading}>
                {Array.from({ length: JOB_PAGE_SIZE }, (_, i) => (
                  <li key={i}>
                    <JobCardSkeleton />
                  </li>
                ))}
              </ul>
            ) : data.total === 0 ? (
              <EmptyState
                title={t.jobs.emptyTitle}
                text={hasActive ? t.jobs.emptyText : t.jobs.emptyNoJobs}
                action={hasActive ? <Button onClick={reset}>{t.jobs.clearAll}</Button> : undefined}
              />
            ) : (
              <>
                <ul
                  className={`grid gap-4 transition-opacity sm:grid-cols-2 xl:grid-cols-3 ${jobs.isPlaceholderData ? 'opacity-60' : ''}`}
                >
                  {data.data.map((job) => (
                    <li key={job._id}>
                      <JobCard job={job} />
                    </li>
                  ))}
                </ul>
                {jobs.isError && (
                  <ErrorPanel
                    className="mt-4"
                    title={t.jobs.loadErrorTitle}
                    message={jobs.error.message}
                    onRetry={() => void jobs.refetch()}
                  />
                )}
                <Pagination
                  className="mt-6"
                  page={Math.min(filters.page, Math.max(1, data.pages))}
                  pages={data.pages}
                  onPage={goToPage}
                  label={t.jobs.pagination}
                />
              </>
            )}
          </div>
        </section>
      </div>
    </div>
  );
}
