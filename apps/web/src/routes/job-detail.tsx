import { data, useParams } from 'react-router';
import { Link, useLocation } from '../lib/locale-router';
import type { Job } from '@spajobs/contract/job';
import { buttonClass } from '../components/ui/button';
import { ErrorPanel } from '../components/ui/states';
import { useJob } from '../features/jobs/api/get-job';
import { JobDetailSkeleton, JobDetailView } from '../features/jobs/components/job-detail-view';
import { ApiError } from '../lib/api-client';
import { usePageTitle } from '../lib/use-page-title';
import { t } from '../messages';
import { jobQueryOptions } from '../features/jobs/api/get-job';
import { similarJobsQuery } from '../features/jobs/api/get-similar-jobs';
import { SimilarJobs } from '../features/jobs/components/similar-jobs';
import { JobNotFound } from '../features/jobs/components/job-not-found';
import { rethrowMissing, serverLoader } from '../lib/server-loader';

/** The job in the first HTML: 404 when there is none; 410 once it has closed or expired, with similar open jobs. */
export const loader = serverLoader(async ({ params }, queryClient) => {
  const id = params.jobId ?? params.id ?? '';
  const job = await queryClient.fetchQuery(jobQueryOptions(id)).catch(rethrowMissing('job'));
  if (job.status !== 'closed') return null;
  await queryClient.prefetchQuery(similarJobsQuery(job));
  return data(null, { status: 410, statusText: 'Gone' });
});

/** Section 8's job detail messages for a failed load. */
function loadErrorMessage(err: unknown): string {
  if (err instanceof ApiError && err.status >= 500) return t.jobs.serverError;
  const reason = err instanceof Error ? err.message : '';
  return reason ? `${t.jobs.failedToLoad}: ${reason}` : t.jobs.failedToLoad;
}

function BrowseAll() {
  return (
    <Link to="/jobs" className={buttonClass('primary')}>
      {t.jobs.allJobs}
    </Link>
  );
}

/** /job/:id and /spa/:spaId/job/:jobId */
export default function JobDetailPage() {
  const params = useParams();
  const id = params.jobId ?? params.id;
  const location = useLocation();
  const passed = (location.state as { job?: Job } | null)?.job ?? null;
  const job = useJob(id, passed);
  usePageTitle(job.data?.title ?? (job.isError ? t.jobs.notFoundTitle : t.jobs.listTitle));

  if (!id) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-10">
        <ErrorPanel title={t.jobs.errorTitle} message={t.jobs.jobIdMissing} action={<BrowseAll />} />
      </div>
    );
  }
  if (job.data) {
    return (
      <>
        <JobDetailView job={job.data} />
        {job.data.status === 'closed' && <SimilarJobs job={job.data} />}
      </>
    );
  }
  if (job.isError) {
    if (job.error instanceof ApiError && job.error.status === 404) return <JobNotFound />;
    return (
      <div className="mx-auto max-w-2xl px-4 py-10">
        <ErrorPanel
          title={t.jobs.errorTitle}
          message={loadErrorMessage(job.error)}
          onRetry={() => window.location.reload()}
          retryLabel={t.jobs.reloadPage}
          action={<BrowseAll />}
        />
      </div>
    );
  }
  return <JobDetailSkeleton />;
}
