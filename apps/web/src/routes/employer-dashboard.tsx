import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../lib/locale-router';
import { ApiError } from '../lib/api-client';
import { Button, buttonClass } from '../components/ui/button';
import { Card, EmptyState, ErrorPanel, LoadingScreen } from '../components/ui/states';
import { useEmployerJobs } from '../features/employer/api/jobs';
import { useClaimSpa, useMySpas } from '../features/employer/api/spas';
import { AddMemberForm } from '../features/employer/components/add-member-form';
import { EmployerJobList } from '../features/employer/components/job-list';
import { RequireStaff } from '../features/employer/components/require-staff';
import { SpaForm } from '../features/employer/components/spa-form';
import { SpaPictures } from '../features/employer/components/spa-pictures';
import { employerText as e } from '../features/employer/messages';
import { usePageTitle } from '../lib/use-page-title';

const verificationStyle: Record<string, string> = {
  pending: 'bg-amber-100 text-amber-900',
  verified: 'bg-green-100 text-green-900',
  rejected: 'bg-red-100 text-red-900',
  listed: 'bg-stone-100 text-stone-800',
};

/** Arriving from a spa's page with ?claim=<id>: one button to claim it. */
function ClaimSpa({ spaId }: { spaId: string }) {
  const claim = useClaimSpa();
  const [, setParams] = useSearchParams();
  if (claim.isSuccess)
    return (
      <p role="status" className="rounded-lg bg-green-50 p-3 text-sm text-green-900">
        {e.spaSaved}
      </p>
    );
  return (
    <Card className="space-y-2 p-4">
      <p className="font-semibold">{e.claimTitle}</p>
      <div className="flex gap-2">
        <Button onClick={() => claim.mutate(spaId)} disabled={claim.isPending}>
          {e.claim}
        </Button>
        <Button variant="ghost" onClick={() => setParams({})}>
          {e.cancel}
        </Button>
      </div>
      {claim.isError && (
        <p role="alert" className="text-sm text-red-700">
          {claim.error instanceof ApiError ? claim.error.message : e.loadFailed}
        </p>
      )}
    </Card>
  );
}

function Dashboard() {
  const spas = useMySpas();
  const [params] = useSearchParams();
  const claimId = params.get('claim');
  const jobs = useEmployerJobs();
  const [adding, setAdding] = useState(false);
  const [saved, setSaved] = useState(false);
  if (spas.isPending) return <LoadingScreen />;
  if (spas.isError)
    return <ErrorPanel title={e.loadFailed} onRetry={() => void spas.refetch()} className="m-4" />;
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-stone-900">{e.dashboard}</h1>
        <div className="flex flex-wrap gap-2">
          <Link to="/employer/applicants" className={buttonClass('secondary')}>
            {e.allApplicants}
          </Link>
          {spas.data.length > 0 && (
            <Link to="/employer/jobs/new" className={buttonClass('primary')}>
              {e.postJob}
            </Link>
          )}
        </div>
      </div>

      <section aria-labelledby="spas-heading" className="space-y-3">
        <h2 id="spas-heading" className="text-lg font-semibold">
          {e.yourSpas}
        </h2>
        {claimId && <ClaimSpa spaId={claimId} />}
        {saved && (
          <p role="status" className="rounded-lg bg-green-50 p-3 text-sm text-green-900">
            {e.spaSaved}
          </p>
        )}
        {spas.data.length === 0 && !adding && <EmptyState title={e.noSpas} />}
        <ul className="space-y-2">
          {spas.data.map((s) => (
            <li key={s._id} className="rounded-xl border border-stone-200 bg-white p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-semibold">{s.name}</h3>
                <span
                  className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${verificationStyle[s.verification]}`}
                >
                  {e.verification[s.verification]}
                </span>
              </div>
              <p className="text-sm text-stone-700">{s.fullAddress}</p>
              <details className="mt-2">
                <summary className="cursor-pointer text-sm font-semibold text-brand-800">
                  {e.pictures.title}
                </summary>
                <SpaPictures spa={s} />
              </details>
              {s.memberRole === 'owner' && (
                <details className="mt-2">
                  <summary className="cursor-pointer text-sm font-semibold text-brand-800">
                    {e.addMember}
                  </summary>
                  <AddMemberForm spaId={s._id} spaName={s.name} />
                </details>
              )}
              {s.verificationNote && (
                <p className="mt-2 rounded-lg bg-stone-50 p-2 text-sm text-stone-800">
                  <strong>{e.adminNote}:</strong> {s.verificationNote}
                </p>
              )}
            </li>
          ))}
        </ul>
        {adding ? (
          <Card className="p-4">
            <h3 className="mb-3 text-lg font-semibold">{e.addSpa}</h3>
            <SpaForm
              onSaved={() => {
                setAdding(false);
                setSaved(true);
              }}
            />
          </Card>
        ) : (
          <Button variant="secondary" onClick={() => setAdding(true)}>
            {e.addSpa}
          </Button>
        )}
      </section>

      <section aria-labelledby="jobs-heading" className="space-y-3">
        <h2 id="jobs-heading" className="text-lg font-semibold">
          {e.jobs}
        </h2>
        {jobs.isPending ? (
          <LoadingScreen />
        ) : jobs.isError ? (
          <ErrorPanel title={e.loadFailed} onRetry={() => void jobs.refetch()} />
        ) : jobs.data.length === 0 ? (
          <EmptyState title={e.noJobs} />
        ) : (
          <EmployerJobList jobs={jobs.data} spas={spas.data} />
        )}
      </section>
    </div>
  );
}

export default function EmployerDashboardPage() {
  usePageTitle(e.dashboard);
  return (
    <RequireStaff roles={['employer', 'admin']}>
      <Dashboard />
    </RequireStaff>
  );
}
