import { isRouteErrorResponse, useRouteError } from 'react-router';
import { JobNotFound } from '../features/jobs/components/job-not-found';
import { SpaNotFound } from '../features/spas/components/spa-not-found';
import { usePageTitle } from '../lib/use-page-title';
import { t } from '../messages';
import NotFoundPage from './not-found';
import { RouteError } from './route-error';

function MissingRecord({ record }: { record: 'job' | 'spa' }) {
  usePageTitle(record === 'job' ? t.jobs.notFoundTitle : t.spas.detail.notFoundTitle);
  if (record === 'job') return <JobNotFound />;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <SpaNotFound />
    </div>
  );
}

/**
 * A screen's failure inside the site's chrome: a job or spa that does not
 * exist is that record's "not found" screen, another missing page the
 * not-found page, anything else the error panel.
 */
export function PageError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    if (error.data === 'job' || error.data === 'spa') return <MissingRecord record={error.data} />;
    return <NotFoundPage />;
  }
  return <RouteError />;
}
