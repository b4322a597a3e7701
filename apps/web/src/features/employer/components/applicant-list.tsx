import { useState } from 'react';
import { NEXT_STATUSES, type Applicant, type PipelineStatus } from '@spajobs/contract/employer';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { formatDate, whatsappLink } from '../../../lib/format';
import { format, intlLocale } from '../../../messages';
import { downloadWithToken, useBulkStatus, useChangeStatus } from '../api/applicants';
import { employerText as e } from '../messages';

const badge: Record<string, string> = {
  applied: 'bg-sky-100 text-sky-900',
  shortlisted: 'bg-amber-100 text-amber-900',
  interview: 'bg-violet-100 text-violet-900',
  hired: 'bg-green-100 text-green-900',
  rejected: 'bg-red-100 text-red-900',
  withdrawn: 'bg-stone-100 text-stone-800',
};

const can = (from: string, to: PipelineStatus) => (NEXT_STATUSES[from as PipelineStatus] ?? []).includes(to);

function ApplicantCard({
  a,
  selected,
  onSelect,
}: {
  a: Applicant;
  selected: boolean;
  onSelect: (on: boolean) => void;
}) {
  const change = useChangeStatus();
  const [interview, setInterview] = useState(false);
  const [when, setWhen] = useState('');
  const [place, setPlace] = useState('');
  const [error, setError] = useState<string | null>(null);
  const move = async (status: 'shortlisted' | 'interview' | 'hired' | 'rejected', extra = {}) => {
    setError(null);
    try {
      await change.mutateAsync({ id: a._id, status, ...extra });
      setInterview(false);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Could not change the status.');
    }
  };
  const message = format(e.whatsappText, { name: a.name, spa: a.spa.name, job: a.job.title });
  return (
    <li className="rounded-xl border border-stone-200 bg-white p-4" aria-label={a.name}>
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 size-5 accent-brand-700"
          aria-label={format(e.select, { name: a.name })}
          checked={selected}
          onChange={(ev) => onSelect(ev.target.checked)}
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="font-semibold text-stone-900">
              {a.name} {a.guest && <span className="text-xs font-normal text-stone-600">({e.guest})</span>}
            </h3>
            <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${badge[a.status] ?? ''}`}>
              {e.pipeline[a.status] ?? a.status}
            </span>
          </div>
          <p className="text-sm text-stone-700">
            {a.job.title} · {a.spa.name} · {formatDate(a.appliedAt)}
          </p>
          <p className="mt-1 text-sm break-words text-stone-800">
            {[a.phone, a.email, a.city, a.experience].filter(Boolean).join(' · ')}
          </p>
          {a.status === 'interview' && a.interviewAt && (
            <p className="mt-1 text-sm text-violet-900">
              {new Date(a.interviewAt).toLocaleString(intlLocale())} · {a.interviewPlace}
            </p>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            {can(a.status, 'shortlisted') && (
              <Button size="sm" variant="secondary" onClick={() => void move('shortlisted')}>
                {e.shortlist}
              </Button>
            )}
            {can(a.status, 'interview') && (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => setInterview((v) => !v)}
                aria-expanded={interview}
              >
                {e.scheduleInterview}
              </Button>
            )}
            {can(a.status, 'hired') && (
              <Button size="sm" variant="secondary" onClick={() => void move('hired')}>
                {e.hire}
              </Button>
            )}
            {can(a.status, 'rejected') && (
              <Button size="sm" variant="ghost" onClick={() => void move('rejected')}>
                {e.reject}
              </Button>
            )}
            {a.phone && (
              <a
                className="inline-flex min-h-9 items-center rounded-lg bg-green-700 px-3 text-sm font-semibold text-white hover:bg-green-800"
                href={`${whatsappLink(a.phone)}?text=${encodeURIComponent(message)}`}
                target="_blank"
                rel="noreferrer"
              >
                {e.whatsapp}
              </a>
            )}
            {a.hasResume && (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => void downloadWithToken(`/employer/applications/${a._id}/resume`, 'resume')}
              >
                {e.resume}
              </Button>
            )}
          </div>
          {interview && (
            <form
              className="mt-3 grid gap-3 sm:grid-cols-3"
              onSubmit={(ev) => {
                ev.preventDefault();
                void move('interview', {
                  interviewAt: when ? new Date(when).toISOString() : '',
                  interviewPlace: place,
                });
              }}
            >
              <TextField
                label={e.interviewAt}
                type="datetime-local"
                value={when}
                onChange={(ev) => setWhen(ev.target.value)}
              />
              <TextField
                label={e.interviewPlace}
                value={place}
                onChange={(ev) => setPlace(ev.target.value)}
              />
              <Button type="submit" className="self-end">
                {e.saveInterview}
              </Button>
            </form>
          )}
          {error && (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
      </div>
    </li>
  );
}

/** Applicants, newest first, with per-person actions and shortlist/reject for several at once. */
export function ApplicantList({ items }: { items: Applicant[] }) {
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const bulk = useBulkStatus();
  const [error, setError] = useState<string | null>(null);
  const run = async (status: 'shortlisted' | 'rejected') => {
    setError(null);
    try {
      await bulk.mutateAsync({ ids: [...picked], status });
      setPicked(new Set());
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Could not change the statuses.');
    }
  };
  return (
    <div className="space-y-3">
      {picked.size > 0 && (
        <div className="sticky top-0 z-10 flex flex-wrap items-center gap-2 rounded-lg bg-brand-50 p-2">
          <span className="text-sm font-semibold">{format(e.selected, { n: picked.size })}</span>
          <Button size="sm" onClick={() => void run('shortlisted')} disabled={bulk.isPending}>
            {e.shortlistSelected}
          </Button>
          <Button size="sm" variant="danger" onClick={() => void run('rejected')} disabled={bulk.isPending}>
            {e.rejectSelected}
          </Button>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <ul className="space-y-3">
        {items.map((a) => (
          <ApplicantCard
            key={a._id}
            a={a}
            selected={picked.has(a._id)}
            onSelect={(on) =>
              setPicked((s) => {
                const n = new Set(s);
                if (on) n.add(a._id);
                else n.delete(a._id);
                return n;
              })
            }
          />
        ))}
      </ul>
    </div>
  );
}
