import { lazy, Suspense, useEffect } from 'react';
import { Link } from '../lib/locale-router';
import { buttonClass } from '../components/ui/button';
import { EmptyState, ErrorPanel, LoadingScreen, Skeleton } from '../components/ui/states';
import { useApplications } from '../features/applications/api/get-applications';
import { useApplicationsCount } from '../features/applications/api/get-applications-count';
import { ApplicationList } from '../features/applications/components/application-list';
import { RequireAuth } from '../features/auth/components/require-auth';
import { AppliedJobsCard } from '../features/dashboard/components/count-card';
import { Greeting } from '../features/dashboard/components/greeting';
import { useProfile } from '../features/profile/api/get-profile';
import { PhotoPanel } from '../features/profile/components/photo-panel';
import { ProfileSummary } from '../features/profile/components/profile-summary';
import { ResumePanel } from '../features/profile/components/resume-panel';
import { useSession } from '../lib/session';
import { usePageTitle } from '../lib/use-page-title';
import { t } from '../messages';

// Job alerts are a section of their own, loaded after the rest of the dashboard.
const AlertsSection = lazy(() => import('../features/alerts/components/alerts-section'));

/** How many applications the dashboard lists before "View All". */
const RECENT_APPLICATIONS = 5;

function Dashboard() {
  const { user, updateUser } = useSession();
  const profile = useProfile();
  const count = useApplicationsCount();
  const applications = useApplications(1, RECENT_APPLICATIONS);

  // Keep the header's avatar in step with the stored photo.
  const storedPhoto = profile.data?.profileimage;
  useEffect(() => {
    if (storedPhoto !== undefined && storedPhoto !== (user?.profileimage ?? null)) {
      updateUser({ profileimage: storedPhoto });
    }
  }, [storedPhoto, user?.profileimage, updateUser]);

  if (profile.isPending) return <LoadingScreen label={t.dashboard.loading} />;
  if (profile.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <ErrorPanel
          title={t.dashboard.failed}
          message={t.profile.loadFailed}
          retryLabel={t.dashboard.retry}
          onRetry={() => {
            void profile.refetch();
            void count.refetch();
            void applications.refetch();
          }}
        />
      </div>
    );
  }
  const p = profile.data;
  const name = `${p.firstname} ${p.lastname}`.trim();

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-3 py-6 sm:px-4 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <Greeting firstname={p.firstname || user?.firstname} />
          <p className="mt-1 text-stone-700">{t.dashboard.intro}</p>
        </div>
        <Link to="/edit-profile" className={buttonClass('primary', 'md')}>
          {t.dashboard.editProfile}
        </Link>
      </div>

      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        <div className="space-y-4 md:col-span-2 lg:col-span-1">
          <AppliedJobsCard count={count.data} loading={count.isPending} />
          <ProfileSummary profile={p} />
        </div>
        <PhotoPanel
          path={p.profileimage}
          name={name}
          onUploaded={(path) => updateUser({ profileimage: path })}
        />
        <ResumePanel path={p.resume} />
      </div>

      <section aria-labelledby="applied-jobs" className="space-y-3">
        <div className="flex items-center justify-between gap-2">
          <h2 id="applied-jobs" className="text-xl font-semibold text-stone-900">
            {t.dashboard.recentApplications}
          </h2>
          <Link to="/applications" className={buttonClass('secondary', 'sm')}>
            {t.dashboard.viewAll}
          </Link>
        </div>
        {applications.isPending ? (
          <div className="space-y-3">
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : applications.isError ? (
          <ErrorPanel
            title={t.dashboard.applicationsFailed}
            onRetry={() => void applications.refetch()}
            retryLabel={t.dashboard.retry}
          />
        ) : applications.data.items.length === 0 ? (
          <EmptyState
            title={t.dashboard.noApplicationsTitle}
            text={t.dashboard.noApplicationsText}
            action={
              <Link to="/jobs" className={buttonClass('primary', 'md')}>
                {t.dashboard.browseJobs}
              </Link>
            }
          />
        ) : (
          <ApplicationList items={applications.data.items} />
        )}
      </section>

      <Suspense fallback={<Skeleton className="h-24 w-full" />}>
        <AlertsSection />
      </Suspense>
    </div>
  );
}

export default function DashboardPage() {
  usePageTitle(t.dashboard.title);
  return (
    <RequireAuth>
      <Dashboard />
    </RequireAuth>
  );
}
