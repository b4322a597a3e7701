import { useState, type ReactNode } from 'react';
import { Link } from '../../../lib/locale-router';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Card, EmptyState, ErrorPanel, Skeleton } from '../../../components/ui/states';
import { ApiError } from '../../../lib/api-client';
import {
  useAdminAction,
  useAdminStats,
  useAdminUsers,
  useContactMessages,
  usePendingJobs,
  usePendingSpas,
  useReports,
} from '../api/admin';
import { format } from '../../../messages';
import { adminText as a } from '../messages';
import { formatCount } from '../../../lib/format';

function Section({ id: name, title, children }: { id: string; title: string; children: ReactNode }) {
  const id = `admin-${name}`;
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Loaded<T>({
  q,
  empty,
  children,
}: {
  q: { isPending: boolean; isError: boolean; data?: T[]; refetch: () => unknown };
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  if (q.isPending) return <Skeleton className="h-20" />;
  if (q.isError || !q.data) return <ErrorPanel title={a.loadFailed} onRetry={() => void q.refetch()} />;
  if (!q.data.length) return <EmptyState title={empty} />;
  return <>{children(q.data)}</>;
}

function useAct() {
  const action = useAdminAction();
  const [error, setError] = useState<string | null>(null);
  const run = async (path: string, body?: object) => {
    setError(null);
    try {
      await action.mutateAsync({ path, ...(body ? { body } : {}) });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : a.actionFailed);
    }
  };
  return { run, error, busy: action.isPending };
}

const row = 'rounded-xl border border-stone-200 bg-white p-4';

export function AdminStats() {
  const stats = useAdminStats();
  const labels: Record<string, string> = a.stats;
  if (stats.isPending) return <Skeleton className="h-24" />;
  if (stats.isError) return <ErrorPanel title={a.figuresFailed} onRetry={() => void stats.refetch()} />;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
      {Object.entries(labels).map(([k, label]) => (
        <Card key={k} className="p-3">
          <dt className="text-sm text-stone-600">{label}</dt>
          <dd className="text-xl font-bold text-stone-900">{formatCount(stats.data[k] ?? 0)}</dd>
        </Card>
      ))}
    </dl>
  );
}

export function PendingSpasPanel() {
  const q = usePendingSpas();
  const { run, error, busy } = useAct();
  const [notes, setNotes] = useState<Record<string, string>>({});
  return (
    <Section id="spas" title={a.spasTitle}>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <Loaded q={q} empty={a.noSpas}>
        {(items) => (
          <ul className="space-y-2">
            {items.map((s) => (
              <li key={s._id} className={row} aria-label={s.name}>
                <h3 className="font-semibold">{s.name}</h3>
                <p className="text-sm text-stone-700">{s.fullAddress}</p>
                <p className="text-sm text-stone-700">{[s.phone, s.owner].filter(Boolean).join(' · ')}</p>
                <TextField
                  label={a.noteToEmployer}
                  wrapperClassName="mt-2"
                  value={notes[s._id] ?? ''}
                  onChange={(ev) => setNotes((n) => ({ ...n, [s._id]: ev.target.value }))}
                />
                <div className="mt-2 flex gap-2">
                  <Button
                    size="sm"
                    disabled={busy}
                    onClick={() =>
                      void run(`/admin/spas/${s._id}/verification`, {
                        decision: 'verified',
                        note: notes[s._id] ?? null,
                      })
                    }
                  >
                    {a.verify}
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    disabled={busy}
                    onClick={() =>
                      void run(`/admin/spas/${s._id}/verification`, {
                        decision: 'rejected',
                        note: notes[s._id] ?? null,
                      })
                    }
                  >
                    {a.reject}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Loaded>
    </Section>
  );
}

export function PendingJobsPanel() {
  const q = usePendingJobs();
  const { run, error, busy } = useAct();
  return (
    <Section id="jobs" title={a.jobsTitle}>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <Loaded q={q} empty={a.noJobs}>
        {(items) => (
          <ul className="space-y-2">
            {items.map((j) => (
              <li key={j._id} className={row} aria-label={j.title}>
                <h3 className="font-semibold">
                  <Link to={`/job/${j._id}`} className="hover:underline">
                    {j.title}
                  </Link>
                </h3>
                <p className="text-sm text-stone-700">
                  {j.spa.name} · {j.salary}
                </p>
                <div className="mt-2 flex gap-2">
                  <Button
                    size="sm"
                    disabled={busy}
                    onClick={() => void run(`/admin/jobs/${j._id}/moderation`, { decision: 'approved' })}
                  >
                    {a.approve}
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    disabled={busy}
                    onClick={() => void run(`/admin/jobs/${j._id}/moderation`, { decision: 'rejected' })}
                  >
                    {a.reject}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Loaded>
    </Section>
  );
}

export function ReportsPanel() {
  const q = useReports();
  const { run, error, busy } = useAct();
  return (
    <Section id="reports" title={a.reportsTitle}>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <Loaded q={q} empty={a.noReports}>
        {(items) => (
          <ul className="space-y-2">
            {items.map((r) => (
              <li key={r._id} className={row} aria-label={format(a.reportOf, { title: r.job.title })}>
                <h3 className="font-semibold">
                  <Link to={`/job/${r.job._id}`} className="hover:underline">
                    {r.job.title}
                  </Link>
                </h3>
                <p className="text-sm text-stone-700">
                  {r.job.spaName} · {a.reasons[r.reason] ?? r.reason}
                </p>
                {r.details && (
                  <p className="mt-1 text-sm text-stone-800">{format(a.quoted, { text: r.details })}</p>
                )}
                <div className="mt-2 flex gap-2">
                  <Button
                    size="sm"
                    variant="danger"
                    disabled={busy}
                    onClick={() => void run(`/admin/reports/${r._id}/resolution`, { action: 'reject-job' })}
                  >
                    {a.rejectJob}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={busy}
                    onClick={() => void run(`/admin/reports/${r._id}/resolution`, { action: 'dismiss' })}
                  >
                    {a.dismiss}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Loaded>
    </Section>
  );
}

export function UsersPanel() {
  const [q, setQ] = useState('');
  const users = useAdminUsers(q);
  const { run, error, busy } = useAct();
  return (
    <Section id="users" title={a.usersTitle}>
      <TextField label={a.searchUsers} type="search" value={q} onChange={(ev) => setQ(ev.target.value)} />
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <Loaded q={users} empty={a.noUsers}>
        {(items) => (
          <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
            {items.map((u) => (
              <li
                key={u._id}
                className="flex flex-wrap items-center justify-between gap-2 p-3"
                aria-label={u.email}
              >
                <div className="min-w-0">
                  <p className="font-semibold">
                    {u.name} <span className="text-xs font-normal text-stone-600">({u.role})</span>
                  </p>
                  <p className="text-sm break-all text-stone-700">
                    {u.email} {u.phone}
                  </p>
                </div>
                <Button
                  size="sm"
                  variant={u.disabled ? 'secondary' : 'danger'}
                  disabled={busy}
                  onClick={() => void run(`/admin/users/${u._id}/${u.disabled ? 'enable' : 'disable'}`)}
                >
                  {u.disabled ? a.enable : a.disable}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Loaded>
    </Section>
  );
}

export function MessagesPanel() {
  const q = useContactMessages();
  const { run, error, busy } = useAct();
  return (
    <Section id="contact-messages" title={a.messagesTitle}>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <Loaded q={q} empty={a.noMessages}>
        {(items) => (
          <ul className="space-y-2">
            {items.map((m) => (
              <li key={m._id} className={row}>
                <p className="font-semibold">
                  {m.name} · <span className="font-normal break-all">{m.email}</span>
                </p>
                <p className="text-sm text-stone-800">{m.message}</p>
                <Button
                  size="sm"
                  variant="secondary"
                  className="mt-2"
                  disabled={busy}
                  onClick={() => void run(`/admin/messages/${m._id}/handled`)}
                >
                  {a.markHandled}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Loaded>
    </Section>
  );
}
