import type { AlertQuery } from '@spajobs/contract/alert';
import { DEFAULT_RADIUS_KM } from '@spajobs/contract/constants';
import { JobAlertButton } from '../features/alerts/components/job-alert-button';
import { JobListing } from '../features/jobs/components/job-listing';
import { parseNear, type JobFilters } from '../features/jobs/job-filters';
import { usePageTitle } from '../lib/use-page-title';
import { t } from '../messages';
import { serverLoader } from '../lib/server-loader';
import { jobsQueryOptions } from '../features/jobs/api/get-jobs';
import { jobCategoriesQueryOptions } from '../features/jobs/api/get-job-categories';
import { statesQueryOptions } from '../features/jobs/api/get-states';
import { citiesQueryOptions } from '../features/jobs/api/get-cities';
import { parseFilters } from '../features/jobs/job-filters';

/** The page of jobs the address asks for, and the filter panel's choices. */
export const loader = serverLoader(async ({ request }, queryClient) => {
  const filters = parseFilters(new URL(request.url).searchParams);
  await Promise.all([
    queryClient.prefetchQuery(jobsQueryOptions(filters)),
    queryClient.prefetchQuery(jobCategoriesQueryOptions()),
    queryClient.prefetchQuery(statesQueryOptions()),
    filters.state ? queryClient.prefetchQuery(citiesQueryOptions(filters.state)) : null,
  ]);
});

/** The jobs page's filters as a saved search: the same query, without page, order and posting date. */
export function alertQueryOf(f: JobFilters): AlertQuery {
  const near = parseNear(f.near);
  const q: AlertQuery = {};
  for (const k of ['q', 'title', 'spa', 'category', 'state', 'city'] as const) if (f[k]) q[k] = f[k];
  if (near) {
    q.lat = near.lat;
    q.lng = near.lng;
    q.radius = Number(f.radius || DEFAULT_RADIUS_KM);
    if (f.place) q.place = f.place;
  }
  if (f.salaryMin) q.salaryMin = Number(f.salaryMin);
  if (f.experience) q.experience = Number(f.experience);
  return q;
}

export default function JobsPage() {
  usePageTitle(t.jobs.listTitle);
  return <JobListing headerAction={(f) => <JobAlertButton query={alertQueryOf(f)} />} />;
}
