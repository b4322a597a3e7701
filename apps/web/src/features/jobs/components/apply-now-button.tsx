import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { Button } from '../../../components/ui/button';
import { format, t } from '../../../messages';
import { useApplyToJob } from '../api/apply-to-job';

type Notice = { kind: 'success' | 'error' | 'login'; text: string } | null;

/** The spec's answer to an Apply Now that failed (section 8, "Apply Now"). */
export function applyNowErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 401) return t.jobs.sessionExpired;
    if (err.status === 409) return t.jobs.alreadyApplied;
    if (err.isNetwork) return t.common.networkError;
    const body = err.body as { message?: string } | undefined;
    if (body?.message) return format(t.jobs.applyServerMessage, { message: body.message });
  }
  return t.jobs.alreadyApplied;
}

/**
 * "Apply Now": a signed-in candidate applies with one click; a visitor who is
 * signed out is told to log in first.
 */
export function ApplyNowButton({ jobId, className }: { jobId: string; className?: string }) {
  const session = useSession();
  const location = useLocation();
  const apply = useApplyToJob();
  const [notice, setNotice] = useState<Notice>(null);
  const signedIn = session.status === 'signed-in' && Boolean(session.token);

  const onClick = () => {
    if (!signedIn) {
      setNotice({ kind: 'login', text: t.jobs.loginToApply });
      return;
    }
    setNotice(null);
    apply.mutate(jobId, {
      onSuccess: () => setNotice({ kind: 'success', text: t.jobs.applySuccess }),
      onError: (err) =>
        setNotice({
          kind: err instanceof ApiError && err.status === 401 ? 'login' : 'error',
          text: applyNowErrorMessage(err),
        }),
    });
  };

  return (
    <div className={className}>
      <Button
        size="lg"
        className="w-full"
        onClick={onClick}
        disabled={apply.isPending || session.status === 'loading'}
      >
        {apply.isPending ? t.jobs.applying : t.jobs.applyNow}
      </Button>
      <div aria-live="polite">
        {notice && (
          <p
            role={notice.kind === 'success' ? 'status' : 'alert'}
            className={
              notice.kind === 'success'
                ? 'mt-2 rounded-lg bg-green-50 p-3 text-sm font-medium text-green-900'
                : 'mt-2 rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-950'
            }
          >
            {notice.text}
            {notice.kind === 'login' && (
              <>
                {' '}
                <Link
                  to="/login"
                  state={{ from: location.pathname }}
                  className="font-semibold text-brand-800 underline underline-offset-2"
                >
                  {t.jobs.logIn}
                </Link>
              </>
            )}
          </p>
        )}
      </div>
    </div>
  );
}
