import { Link } from '../lib/locale-router';
import { useFlash } from '../lib/flash';
import { buttonClass } from '../components/ui/button';
import { NearbyJobs } from '../features/home/components/nearby-jobs';
import { JobSummaryTiles } from '../features/home/components/job-summary';
import { RecentJobs } from '../features/home/components/recent-jobs';
import { NearbySpas } from '../features/spas/components/nearby-spas';
import { usePageTitle } from '../lib/use-page-title';
import { t } from '../messages';
import { serverLoader } from '../lib/server-loader';
import { recentJobsQuery } from '../features/home/api/get-recent-jobs';
import { jobSummaryQuery } from '../features/home/api/get-job-summary';

/** The newest jobs and the summary tiles arrive in the first HTML; nearby lists wait for the device's position. */
export const loader = serverLoader(async (_args, queryClient) => {
  await Promise.all([
    queryClient.prefetchQuery(recentJobsQuery()),
    queryClient.prefetchQuery(jobSummaryQuery()),
  ]);
});

export default function HomePage() {
  usePageTitle(t.home.title);
  const notice = useFlash();
  return (
    <>
      {notice && (
        <p role="status" className="bg-green-50 px-4 py-3 text-center font-medium text-green-900">
          {notice}
        </p>
      )}
      <div className="border-b border-brand-100 bg-gradient-to-b from-brand-50 to-stone-50">
        <div className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
          <h1 className="max-w-2xl text-3xl font-bold leading-tight text-stone-900 sm:text-4xl">
            {t.home.heroTitle}
          </h1>
          <p className="mt-3 max-w-2xl text-stone-700 sm:text-lg">{t.home.heroText}</p>
          <div className="mt-5 flex flex-wrap gap-3">
            <Link to="/jobs" className={buttonClass('primary', 'lg')}>
              {t.home.heroFindJobs}
            </Link>
            <Link to="/spas" className={buttonClass('secondary', 'lg')}>
              {t.home.heroBrowseSpas}
            </Link>
          </div>
        </div>
      </div>
      <div className="mx-auto max-w-7xl space-y-14 px-4 py-8 sm:py-10">
        {/* Jobs first, the nearest before the newest: they are what a candidate comes for. */}
        <NearbyJobs />
        <RecentJobs />
        <NearbySpas />
        <JobSummaryTiles />
      </div>
    </>
  );
}
