import { useRef } from 'react';
import { SPA_PAGE_SIZE } from '../features/spas/lib/constants';
import { Button } from '../components/ui/button';
import { EmptyState, ErrorPanel } from '../components/ui/states';
import { Pagination } from '../components/ui/pagination';
import { useSearchSpas, type SpaSearchParams } from '../features/spas/api/search-spas';
import { SpaCard, SpaCardSkeleton } from '../features/spas/components/spa-card';
import { AppliedFilters, SpaSearchFilters } from '../features/spas/components/spa-search-filters';
import {
  changeFilters,
  EMPTY_FILTERS,
  readFilters,
  writeFilters,
  type SpaFilters,
} from '../features/spas/lib/search-params';
import { ApiError } from '../lib/api-client';
import { cn } from '../lib/cn';
import { useGeolocation } from '../lib/use-geolocation';
import { usePageTitle } from '../lib/use-page-title';
import { useSearchUpdate } from '../lib/use-search-update';
import { format, t } from '../messages';

import { searchSpasQuery } from '../features/spas/api/search-spas';
import { serverLoader } from '../lib/server-loader';
import { formatCappedCount } from '../lib/format';

const m = t.spas.search;

/** The spas the address asks for (a search by distance waits for the device's position, in the browser). */
export const loader = serverLoader(async ({ request }, queryClient) => {
  const filters = readFilters(new URL(request.url).searchParams);
  if (filters.radius !== null) return;
  await queryClient.prefetchQuery(searchSpasQuery(spaSearchParams(filters, null)));
});

/** The search the page runs for these filters (and the device's position, once granted). */
function spaSearchParams(filters: SpaFilters, granted: { lat: number; lng: number } | null): SpaSearchParams {
  const useRadius = filters.radius !== null && granted !== null;
  return {
    page: filters.page,
    name: filters.name || undefined,
    state: filters.state || undefined,
    city: filters.city || undefined,
    ...(useRadius ? { radius: filters.radius ?? undefined, lat: granted.lat, lng: granted.lng } : {}),
  };
}

export default function SpasPage() {
  usePageTitle(m.title);
  const [params, changeParams] = useSearchUpdate();
  const filters = readFilters(params);
  const geo = useGeolocation();
  const granted = geo.state.status === 'granted' ? geo.state : null;
  const resultsRef = useRef<HTMLDivElement>(null);

  // Each change starts from the newest address asked for: a name typed a moment before a state is
  // chosen is not undone when its pause ends before the page has read the new address.
  const update = (change: (current: SpaFilters) => SpaFilters, replace = false) =>
    changeParams((current) => writeFilters(change(readFilters(current))), { replace });
  const onChange = (patch: Partial<SpaFilters>, typing = false) =>
    update((current) => changeFilters(current, patch), typing);
  const clearAll = () => update(() => EMPTY_FILTERS);

  const useRadius = filters.radius !== null && granted !== null;
  const query = spaSearchParams(filters, granted);
  // With a radius in the link, wait for the position before searching.
  const waiting = filters.radius !== null && geo.state.status === 'locating';
  const q = useSearchSpas(query, !waiting);

  const errorMessage = (err: unknown) =>
    err instanceof ApiError && err.isNetwork ? m.errorLater : useRadius ? m.errorRadius : m.errorGeneric;

  const goToPage = (page: number) => {
    update((current) => ({ ...current, page }));
    resultsRef.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <h1 className="text-3xl font-bold text-stone-900">{m.title}</h1>
      <p className="mt-1 text-stone-700">{m.intro}</p>
      <div className="mt-5 space-y-4">
        <SpaSearchFilters
          filters={filters}
          onChange={onChange}
          onReset={clearAll}
          locationGranted={granted !== null}
          locating={geo.state.status === 'locating'}
          onRequestLocation={geo.request}
        />
        <AppliedFilters filters={filters} onChange={(p) => onChange(p)} onClear={clearAll} />
      </div>
      <div ref={resultsRef} className="scroll-mt-20 pt-6">
        <div className="mb-4 flex min-h-7 flex-wrap items-baseline justify-between gap-2" aria-live="polite">
          {q.data && !q.isError && (
            <>
              <p className="text-lg font-semibold text-stone-900">
                {q.data.total === 1 && !q.data.totalCapped
                  ? m.foundOne
                  : format(m.found, {
                      count: formatCappedCount(q.data.total, q.data.totalCapped),
                    })}
              </p>
              {q.data.pages > 1 && (
                <p className="text-sm text-stone-700">
                  {format(m.pageOf, { page: q.data.page, pages: q.data.pages })}
                </p>
              )}
            </>
          )}
        </div>
        {q.isError ? (
          <ErrorPanel
            title={m.errorTitle}
            message={errorMessage(q.error)}
            onRetry={() => void q.refetch()}
            action={
              useRadius ? (
                <Button variant="ghost" onClick={() => onChange({ radius: null })}>
                  {m.removeRadius}
                </Button>
              ) : undefined
            }
          />
        ) : !q.data ? (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
            {Array.from({ length: SPA_PAGE_SIZE }, (_, i) => (
              <li key={i}>
                <SpaCardSkeleton />
              </li>
            ))}
          </ul>
        ) : q.data.data.length === 0 ? (
          <EmptyState
            title={m.emptyTitle}
            text={m.emptyText}
            action={
              <Button variant="secondary" onClick={clearAll}>
                {m.clearAll}
              </Button>
            }
          />
        ) : (
          <>
            <ul
              className={cn(
                'grid gap-4 transition-opacity sm:grid-cols-2 lg:grid-cols-3',
                q.isPlaceholderData && 'opacity-60',
              )}
              aria-busy={q.isPlaceholderData}
            >
              {q.data.data.map((spa) => (
                <li key={spa._id}>
                  <SpaCard spa={spa} headingLevel={2} />
                </li>
              ))}
            </ul>
            <Pagination
              page={filters.page}
              pages={q.data.pages}
              onPage={goToPage}
              label={m.pagination}
              className="mt-8"
            />
          </>
        )}
      </div>
    </div>
  );
}
