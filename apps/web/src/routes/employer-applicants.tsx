import { PIPELINE_STATUSES } from '@spajobs/contract/employer';
import { SelectField } from '../components/ui/field';
import { Pagination } from '../components/ui/pagination';
import { EmptyState, ErrorPanel, LoadingScreen } from '../components/ui/states';
import { useApplicants } from '../features/employer/api/applicants';
import { ApplicantList } from '../features/employer/components/applicant-list';
import { RequireStaff } from '../features/employer/components/require-staff';
import { employerText as e } from '../features/employer/messages';
import { usePageTitle } from '../lib/use-page-title';
import { useSearchUpdate } from '../lib/use-search-update';

function Applicants() {
  const [params, changeParams] = useSearchUpdate();
  const status = params.get('status') ?? '';
  const jobId = params.get('jobId') ?? '';
  const page = Number(params.get('page') ?? 1) || 1;
  const list = useApplicants({ ...(status ? { status } : {}), ...(jobId ? { jobId } : {}), page });
  const set = (k: string, v: string) =>
    changeParams((next) => {
      if (v) next.set(k, v);
      else next.delete(k);
      if (k !== 'page') next.delete('page');
      return next;
    });
  return (
    <div className="mx-auto max-w-4xl space-y-4 px-4 py-6">
      <h1 className="text-2xl font-bold">{e.applicants}</h1>
      <SelectField
        label={e.filterStatus}
        value={status}
        onChange={(ev) => set('status', ev.target.value)}
        wrapperClassName="max-w-xs"
      >
        <option value="">{e.allStatuses}</option>
        {PIPELINE_STATUSES.map((s) => (
          <option key={s} value={s}>
            {e.pipeline[s]}
          </option>
        ))}
      </SelectField>
      {list.isPending ? (
        <LoadingScreen />
      ) : list.isError ? (
        <ErrorPanel title={e.loadFailed} onRetry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <EmptyState title={e.noApplicants} />
      ) : (
        <>
          <ApplicantList items={list.data.data} />
          <Pagination page={page} pages={list.data.pages} onPage={(p) => set('page', String(p))} />
        </>
      )}
    </div>
  );
}

export default function EmployerApplicantsPage() {
  usePageTitle(e.applicants);
  return (
    <RequireStaff roles={['employer', 'admin']}>
      <Applicants />
    </RequireStaff>
  );
}
