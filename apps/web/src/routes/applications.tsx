import { useSearchParams } from 'react-router';
import { Link } from '../lib/locale-router';
import { buttonClass } from '../components/ui/button';
import { Pagination } from '../components/ui/pagination';
import { EmptyState, ErrorPanel, LoadingScreen } from '../components/ui/states';
import { useApplications } from '../features/applications/api/get-applications';
import { ApplicationList } from '../features/applications/components/application-list';
import { RequireAuth } from '../features/auth/components/require-auth';
import { usePageTitle } from '../lib/use-page-title';
import { format, t } from '../messages';

const PAGE_SIZE = 10;

function Applications() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const applications = useApplications(page, PAGE_SIZE);

  const goTo = (p: number) => {
    setParams(p > 1 ? { page: String(p) } : {});
    window.scrollTo(0, 0);
  };

  let body;
  if (applications.isPending) body = <LoadingScreen />;
  else if (applications.isError)
    body = (
      <ErrorPanel
        title={t.dashboard.applicationsFailed}
        onRetry={() => void applications.refetch()}
        retryLabel={t.dashboard.retry}
      />
    );
  else if (applications.data.items.length === 0 && applications.data.total === 0)
    body = (
      <EmptyState
        title={t.dashboard.noApplicationsTitle}
        text={t.dashboard.noApplicationsText}
        action={
          <Link to="/jobs" className={buttonClass('primary', 'md')}>
            {t.dashboard.browseJobs}
          </Link>
        }
      />
    );
  else {
    const { total, pages, items } = applications.data;
    body = (
      <div className="space-y-4">
        <p className="text-sm text-stone-700" aria-live="polite">
          {total === 1
            ? t.dashboard.applicationsCountOne
            : format(t.dashboard.applicationsCount, { count: total })}
        </p>
        <ApplicationList items={items} />
        <Pagination page={page} pages={pages} onPage={goTo} label={t.dashboard.applicationsPages} />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-4xl px-3 py-6 sm:px-4 sm:py-10">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">{t.dashboard.applicationsTitle}</h1>
          <p className="mt-1 text-stone-700">{t.dashboard.applicationsIntro}</p>
        </div>
        <Link to="/candidate/dashboard" className={buttonClass('secondary', 'md')}>
          {t.dashboard.backToDashboard}
        </Link>
      </div>
      {body}
    </div>
  );
}

export default function ApplicationsPage() {
  usePageTitle(t.dashboard.applicationsTitle);
  return (
    <RequireAuth>
      <Applications />
    </RequireAuth>
  );
}
