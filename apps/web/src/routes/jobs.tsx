import { JobListing } from '../features/jobs/components/job-listing';
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

export default function JobsPage() {
  usePageTitle(t.jobs.listTitle);
  return <JobListing />;
}
