import { useParams } from 'react-router';
import { Link } from '../lib/locale-router';
import { buttonClass } from '../components/ui/button';
import { ChevronLeftIcon } from '../components/ui/icons';
import { EmptyState, ErrorPanel } from '../components/ui/states';
import { JobCard } from '../components/job-card';
import { useSpaDetails } from '../features/spas/api/get-spa-details';
import { GalleryCarousel } from '../features/spas/components/gallery-carousel';
import { SpaMap } from '../features/spas/components/spa-map';
import { SpaProfile, SpaProfileSkeleton } from '../features/spas/components/spa-profile';
import { ApiError } from '../lib/api-client';
import { usePageTitle } from '../lib/use-page-title';
import { format, t } from '../messages';

import { spaDetailsQuery } from '../features/spas/api/get-spa-details';
import { SpaNotFound } from '../features/spas/components/spa-not-found';
import { rethrowMissing, serverLoader } from '../lib/server-loader';

const m = t.spas.detail;

/** The spa and its open jobs in the first HTML; 404 when there is no such spa. */
export const loader = serverLoader(async ({ params }, queryClient) => {
  await queryClient.fetchQuery(spaDetailsQuery(params.id ?? '')).catch(rethrowMissing('spa'));
});

export default function SpaDetailPage() {
  const { id = '' } = useParams();
  const q = useSpaDetails(id);
  const notFound = q.error instanceof ApiError && q.error.status === 404;
  usePageTitle(q.data ? q.data.spa.name : notFound ? m.notFoundTitle : undefined);

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <Link
        to="/spas"
        className="mb-4 inline-flex min-h-11 items-center gap-1 rounded-lg pr-2 text-sm font-semibold text-brand-800 hover:underline"
      >
        <ChevronLeftIcon size={18} />
        {m.back}
      </Link>
      {q.isPending ? (
        <>
          <p className="sr-only" role="status">
            {m.loading}
          </p>
          <SpaProfileSkeleton />
        </>
      ) : notFound ? (
        <SpaNotFound />
      ) : q.isError ? (
        <ErrorPanel title={m.errorTitle} message={m.error} onRetry={() => void q.refetch()} />
      ) : (
        <div className="space-y-10">
          <SpaProfile spa={q.data.spa} />
          <GalleryCarousel images={q.data.spa.galleryImages} name={q.data.spa.name} />
          <section aria-labelledby="spa-jobs" className="space-y-4">
            <h2 id="spa-jobs" className="text-xl font-bold text-stone-900">
              {format(m.jobsTitle, { name: q.data.spa.name })}
            </h2>
            {q.data.jobs.length === 0 ? (
              <EmptyState
                title={m.noJobs}
                action={
                  <Link to="/jobs" className={buttonClass('secondary')}>
                    {m.browseJobs}
                  </Link>
                }
              />
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {q.data.jobs.map((job) => (
                  <li key={job._id}>
                    <JobCard job={job} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="spa-map" className="space-y-4">
            <h2 id="spa-map" className="text-xl font-bold text-stone-900">
              {m.map}
            </h2>
            <SpaMap spa={q.data.spa} />
          </section>
        </div>
      )}
    </div>
  );
}
