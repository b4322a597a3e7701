import { useParams } from 'react-router';
import { Link, useLocation } from '../lib/locale-router';
import type { Job } from '@spajobs/contract/job';
import { buttonClass } from '../components/ui/button';
import { EmptyState, ErrorPanel, LoadingScreen } from '../components/ui/states';
import { GuestApplicationForm } from '../features/apply/components/guest-application-form';
import { useJob } from '../features/jobs/api/get-job';
import { ApiError } from '../lib/api-client';
import { usePageTitle } from '../lib/use-page-title';
import { t } from '../messages';

function BrowseAll() {
  return (
    <Link to="/jobs" className={buttonClass('primary')}>
      {t.jobs.allJobs}
    </Link>
  );
}

/** /apply/:jobId and /guest/apply/:id */
export default function GuestApplyPage() {
  const params = useParams();
  const id = (params.jobId ?? params.id ?? '').trim();
  const location = useLocation();
  const passed = (location.state as { job?: Job } | null)?.job ?? null;
  const job = useJob(id || undefined, passed);
  usePageTitle(t.jobs.guestTitle);

  let body;
  if (!id) {
    body = <ErrorPanel title={t.jobs.guestTitle} message={t.jobs.guestJobIdMissing} action={<BrowseAll />} />;
  } else if (job.data) {
    body = (
      <>
        <div className="mb-5 rounded-lg bg-brand-50 p-4">
          <p className="text-lg font-semibold text-brand-900">
            <Link to={`/job/${job.data._id}`} state={{ job: job.data }} className="hover:underline">
              {job.data.title}
            </Link>
          </p>
          <p className="text-sm text-stone-700">{job.data.spa.name}</p>
          <p className="mt-1 text-sm text-stone-700">
            {t.jobs.jobIdLabel}: <span className="font-mono">{job.data._id}</span>
          </p>
        </div>
        <GuestApplicationForm
          jobId={job.data._id}
          job={{
            _id: job.data._id,
            title: job.data.title,
            category: job.data.category,
            city: job.data.city,
            state: job.data.state,
          }}
        />
      </>
    );
  } else if (job.isError) {
    body =
      job.error instanceof ApiError && job.error.status === 404 ? (
        <EmptyState title={t.jobs.notFoundTitle} text={t.jobs.guestJobNotFound} action={<BrowseAll />} />
      ) : (
        <ErrorPanel
          title={t.jobs.errorTitle}
          message={job.error.message}
          onRetry={() => void job.refetch()}
          action={<BrowseAll />}
        />
      );
  } else {
    body = <LoadingScreen label={t.jobs.guestPreparing} />;
  }

  return (
    <div className="mx-auto max-w-xl px-4 py-6 sm:py-10">
      <h1 className="text-2xl font-bold text-stone-900">{t.jobs.guestTitle}</h1>
      <p className="mb-5 mt-1 text-stone-700">{t.jobs.guestIntro}</p>
      <div className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm">{body}</div>
    </div>
  );
}
