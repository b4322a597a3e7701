import { Link } from '../../../lib/locale-router';
import { ALERT_FREQUENCIES, type AlertFrequency, type JobAlert } from '@spajobs/contract/alert';
import { alertSearchParams } from '@spajobs/contract/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { EmptyState, ErrorPanel, Skeleton } from '../../../components/ui/states';
import { format, intlLocale, t } from '../../../messages';
import { useAlerts } from '../api/get-alerts';
import { useDeleteAlert } from '../api/delete-alert';
import { useUpdateAlert } from '../api/update-alert';
import { describeAlert } from '../describe-alert';

const when = (iso: string) =>
  new Intl.DateTimeFormat(intlLocale(), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(iso));

function AlertRow({ alert }: { alert: JobAlert }) {
  const m = t.alerts;
  const update = useUpdateAlert();
  const remove = useDeleteAlert();
  const what = describeAlert(alert.query);
  const params = alertSearchParams(alert.query).toString();
  const busy = update.isPending || remove.isPending;
  const status =
    alert.status === 'active' ? m.statusActive : alert.status === 'paused' ? m.statusPaused : m.statusPending;
  return (
    <li className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Link
            to={`/jobs${params ? `?${params}` : ''}`}
            className="font-semibold text-brand-800 hover:underline"
          >
            {what}
          </Link>
          <p className="text-sm text-stone-700">
            <span
              className={
                alert.status === 'active'
                  ? 'font-medium text-green-800'
                  : alert.status === 'paused'
                    ? 'font-medium text-stone-700'
                    : 'font-medium text-amber-800'
              }
            >
              {status}
            </span>
            {alert.nextDigestAt && <> · {format(m.nextDigest, { date: when(alert.nextDigestAt) })}</>}
            {alert.lastSentAt && <> · {format(m.lastSent, { date: when(alert.lastSentAt) })}</>}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <label className="sr-only" htmlFor={`alert-frequency-${alert.id}`}>
            {format(m.frequencyFor, { what })}
          </label>
          <select
            id={`alert-frequency-${alert.id}`}
            className="rounded-lg border border-stone-300 bg-white px-2 py-1.5 text-sm"
            value={alert.frequency}
            disabled={busy}
            onChange={(e) => update.mutate({ id: alert.id, frequency: e.target.value as AlertFrequency })}
          >
            {ALERT_FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {f === 'daily' ? m.daily : m.weekly}
              </option>
            ))}
          </select>
          {alert.status !== 'pending' && (
            <Button
              variant="secondary"
              size="sm"
              disabled={busy}
              aria-label={`${alert.status === 'paused' ? m.resume : m.pause}: ${what}`}
              onClick={() => update.mutate({ id: alert.id, paused: alert.status !== 'paused' })}
            >
              {alert.status === 'paused' ? m.resume : m.pause}
            </Button>
          )}
          <Button
            variant="danger"
            size="sm"
            disabled={busy}
            aria-label={`${m.delete}: ${what}`}
            onClick={() => {
              if (window.confirm(m.deleteConfirm)) remove.mutate(alert.id);
            }}
          >
            {m.delete}
          </Button>
        </div>
      </div>
      {(update.isError || remove.isError) && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {m.actionFailed}
        </p>
      )}
    </li>
  );
}

/** The dashboard's "Job alerts": list, pause and resume, how often, delete. */
export default function AlertsSection() {
  const m = t.alerts;
  const alerts = useAlerts();
  return (
    <section aria-labelledby="job-alerts" className="space-y-3">
      <div>
        <h2 id="job-alerts" className="text-xl font-semibold text-stone-900">
          {m.sectionTitle}
        </h2>
        <p className="text-sm text-stone-700">{m.sectionIntro}</p>
      </div>
      {alerts.isPending ? (
        <Skeleton className="h-20 w-full" />
      ) : alerts.isError ? (
        <ErrorPanel title={m.loadFailed} onRetry={() => void alerts.refetch()} />
      ) : alerts.data.length === 0 ? (
        <EmptyState
          title={m.noneTitle}
          text={m.noneText}
          action={
            <Link to="/jobs" className={buttonClass('primary', 'md')}>
              {m.findJobs}
            </Link>
          }
        />
      ) : (
        <ul className="space-y-3">
          {alerts.data.map((a) => (
            <AlertRow key={a.id} alert={a} />
          ))}
        </ul>
      )}
    </section>
  );
}
