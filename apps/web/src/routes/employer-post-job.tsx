import { useState } from 'react';
import { Link } from '../lib/locale-router';
import { buttonClass } from '../components/ui/button';
import { Card, EmptyState, ErrorPanel, LoadingScreen } from '../components/ui/states';
import { useMySpas } from '../features/employer/api/spas';
import { JobForm } from '../features/employer/components/job-form';
import { RequireStaff } from '../features/employer/components/require-staff';
import { employerText as e } from '../features/employer/messages';
import { usePageTitle } from '../lib/use-page-title';

function PostJob() {
  const spas = useMySpas();
  const [done, setDone] = useState<string | null>(null);
  if (spas.isPending) return <LoadingScreen />;
  if (spas.isError) return <ErrorPanel title={e.loadFailed} onRetry={() => void spas.refetch()} />;
  const usable = spas.data.filter((s) => s.verification !== 'rejected');
  return (
    <div className="mx-auto max-w-2xl space-y-4 px-4 py-6">
      <h1 className="text-2xl font-bold">{e.postJobTitle}</h1>
      {done ? (
        <div className="space-y-3">
          <p role="status" className="rounded-lg bg-green-50 p-3 text-green-900">
            {done === 'pending' ? e.jobWaiting : e.jobPosted}
          </p>
          <Link to="/employer" className={buttonClass('primary')}>
            {e.dashboard}
          </Link>
        </div>
      ) : usable.length === 0 ? (
        <EmptyState
          title={e.needSpa}
          action={
            <Link to="/employer" className={buttonClass('primary')}>
              {e.addSpa}
            </Link>
          }
        />
      ) : (
        <Card className="p-4">
          <JobForm spas={usable} onPosted={setDone} />
        </Card>
      )}
    </div>
  );
}

export default function EmployerPostJobPage() {
  usePageTitle(e.postJobTitle);
  return (
    <RequireStaff roles={['employer', 'admin']}>
      <PostJob />
    </RequireStaff>
  );
}
