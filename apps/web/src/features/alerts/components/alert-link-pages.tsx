import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../../../lib/locale-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { ErrorPanel, Spinner } from '../../../components/ui/states';
import { t } from '../../../messages';
import { useConfirmAlert } from '../api/confirm-alert';
import { useUnsubscribeAlert } from '../api/unsubscribe-alert';

function Panel({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <div className="space-y-4 rounded-2xl border border-stone-200 bg-white p-6 text-center shadow-sm">
        <h1 className="text-2xl font-bold text-stone-900">{title}</h1>
        {children}
      </div>
    </div>
  );
}

function BrowseJobs() {
  return (
    <Link to="/jobs" className={buttonClass('primary', 'md')}>
      {t.alerts.browseJobs}
    </Link>
  );
}

/** /alerts/confirm?token=…: the link from the confirmation e-mail, spent once on arrival. */
export function ConfirmAlertPage() {
  const m = t.alerts;
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmAlert();
  const sent = useRef(false);
  useEffect(() => {
    if (token && !sent.current) {
      sent.current = true;
      confirm.mutate(token);
    }
  }, [token, confirm]);

  if (!token)
    return (
      <Panel title={m.confirmFailedTitle}>
        <p className="text-stone-800">{m.missingToken}</p>
      </Panel>
    );
  if (confirm.isSuccess)
    return (
      <Panel title={m.confirmedTitle}>
        <p role="status" className="text-stone-800">
          {confirm.data.message}
        </p>
        <BrowseJobs />
      </Panel>
    );
  if (confirm.isError)
    return (
      <div className="mx-auto max-w-lg px-4 py-12">
        <ErrorPanel title={m.confirmFailedTitle} message={confirm.error.message} action={<BrowseJobs />} />
      </div>
    );
  return (
    <Panel title={m.confirmTitle}>
      <Spinner label={m.confirming} />
    </Panel>
  );
}

/** /alerts/unsubscribe?token=…: one button, no sign-in (opening the page alone changes nothing). */
export function UnsubscribeAlertPage() {
  const m = t.alerts;
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribeAlert();
  if (!token)
    return (
      <Panel title={m.unsubscribeFailedTitle}>
        <p className="text-stone-800">{m.missingToken}</p>
      </Panel>
    );
  if (unsubscribe.isSuccess)
    return (
      <Panel title={m.unsubscribedTitle}>
        <p role="status" className="text-stone-800">
          {unsubscribe.data.message}
        </p>
        <BrowseJobs />
      </Panel>
    );
  return (
    <Panel title={m.unsubscribeTitle}>
      <p className="text-stone-800">{m.unsubscribeText}</p>
      {unsubscribe.isError && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-800">
          {unsubscribe.error.message}
        </p>
      )}
      <Button onClick={() => unsubscribe.mutate(token)} disabled={unsubscribe.isPending}>
        {unsubscribe.isPending ? m.unsubscribing : m.unsubscribeButton}
      </Button>
    </Panel>
  );
}
