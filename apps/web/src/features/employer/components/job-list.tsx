import { useState } from 'react';
import type { EmployerJob, MySpa } from '@spajobs/contract/employer';
import { JobForm } from './job-form';
import { Link } from '../../../lib/locale-router';
import { Button } from '../../../components/ui/button';
import { formatDate } from '../../../lib/format';
import { format } from '../../../messages';
import { useJobAction } from '../api/jobs';
import { employerText as e } from '../messages';

const ACTIONS: Record<string, string[]> = {
  active: ['pause', 'renew', 'close'],
  paused: ['resume', 'renew', 'close'],
  closed: [],
};
const FUNNEL = ['applied', 'shortlisted', 'interview', 'hired', 'rejected'];

/** The employer's jobs with their state, views, applications and a small funnel. */
export function EmployerJobList({ jobs, spas }: { jobs: EmployerJob[]; spas: MySpa[] }) {
  const action = useJobAction();
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <ul className="space-y-3">
      {jobs.map((j) => (
        <li key={j._id} className="rounded-xl border border-stone-200 bg-white p-4" aria-label={j.title}>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <h3 className="font-semibold text-stone-900">
                <Link to={`/job/${j._id}`} className="hover:underline">
                  {j.title}
                </Link>
              </h3>
              <p className="text-sm text-stone-600">{j.spaName}</p>
            </div>
            <div className="flex flex-wrap gap-1 text-xs font-semibold">
              <span className="rounded-full bg-stone-100 px-2 py-0.5 text-stone-800">
                {e.status[j.status]}
              </span>
              {j.moderation !== 'approved' && (
                <span className="rounded-full bg-amber-100 px-2 py-0.5 text-amber-900">
                  {e.moderation[j.moderation]}
                </span>
              )}
              <span
                className={
                  j.open
                    ? 'rounded-full bg-green-100 px-2 py-0.5 text-green-900'
                    : 'rounded-full bg-stone-100 px-2 py-0.5 text-stone-700'
                }
              >
                {j.open ? e.open : e.notOpen}
              </span>
            </div>
          </div>
          {j.expiresOn && j.status !== 'closed' && (
            <p className="mt-1 text-sm text-stone-700">
              {format(e.expires, { date: formatDate(j.expiresOn) })}
            </p>
          )}
          <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-7">
            <div>
              <dt className="text-stone-600">{e.views}</dt>
              <dd className="font-semibold">{j.views}</dd>
            </div>
            <div>
              <dt className="text-stone-600">{e.applications}</dt>
              <dd className="font-semibold">{j.applications}</dd>
            </div>
            {FUNNEL.map((s) => (
              <div key={s}>
                <dt className="text-stone-600">{e.pipeline[s]}</dt>
                <dd className="font-semibold">{j.funnel[s] ?? 0}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-3 flex flex-wrap gap-2">
            <Link
              to={`/employer/applicants?jobId=${j._id}`}
              className="inline-flex min-h-9 items-center rounded-lg px-3 text-sm font-semibold text-brand-800 ring-1 ring-brand-700/40 hover:bg-brand-50"
            >
              {e.applicants}
            </Link>
            {j.status !== 'closed' && (
              <Button
                size="sm"
                variant="secondary"
                aria-expanded={editing === j._id}
                onClick={() => setEditing(editing === j._id ? null : j._id)}
              >
                {e.editJob}
              </Button>
            )}
            {ACTIONS[j.status]?.map((a) => (
              <Button
                key={a}
                size="sm"
                variant={a === 'close' ? 'danger' : 'secondary'}
                disabled={action.isPending}
                onClick={() => action.mutate({ id: j._id, action: a })}
              >
                {e.actions[a]}
              </Button>
            ))}
          </div>
          {editing === j._id && (
            <div className="mt-4 border-t border-stone-200 pt-4">
              <JobForm spas={spas} job={j} onPosted={() => setEditing(null)} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
