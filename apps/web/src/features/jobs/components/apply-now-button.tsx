import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Link, useLocation, useNavigate } from '../../../lib/locale-router';
import { ApiError } from '../../../lib/api-client';
import { markJobApplied, useAppliedJobIds } from '../../../lib/applied-jobs';
import { loginUrl } from '../../../lib/next-path';
import { ACCOUNT_QUERY_KEY, useSession } from '../../../lib/session';
import { Button } from '../../../components/ui/button';
import { CheckIcon } from '../../../components/ui/icons';
import { format, t } from '../../../messages';
import { useApplyToJob } from '../api/apply-to-job';

type Notice = { kind: 'success' | 'error' | 'login'; text: string } | null;

/** The query parameter that asks the job page to apply as soon as the candidate is signed in. */
export const APPLY_PARAM = 'apply';

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
 * "Apply Now": a signed-in candidate applies with one tap; a visitor who is
 * signed out is told to log in first, and the sign-in comes back to this job
 * and goes straight on to the application (`?apply=1`). A job the candidate
 * already applied to says so instead.
 */
export function ApplyNowButton({ jobId, className }: { jobId: string; className?: string }) {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const apply = useApplyToJob();
  const applied = useAppliedJobIds().has(jobId);
  const [notice, setNotice] = useState<Notice>(null);
  const signedIn = session.status === 'signed-in' && Boolean(session.token);
  const backHere = `${location.pathname}?${APPLY_PARAM}=1`;

  const send = () => {
    setNotice(null);
    apply.mutate(jobId, {
      onSuccess: () => {
        markJobApplied(queryClient, jobId);
        void queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY });
        setNotice({ kind: 'success', text: t.jobs.applySuccess });
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 409) markJobApplied(queryClient, jobId);
        setNotice({
          kind: err instanceof ApiError && err.status === 401 ? 'login' : 'error',
          text: applyNowErrorMessage(err),
        });
      },
    });
  };

  // Back from signing in to apply: apply once, and take the request out of the address.
  const autoApplied = useRef(false);
  const wantsApply = params.get(APPLY_PARAM) === '1';
  useEffect(() => {
    if (!wantsApply || !signedIn || autoApplied.current) return;
    autoApplied.current = true;
    const rest = new URLSearchParams(params);
    rest.delete(APPLY_PARAM);
    const search = rest.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '' },
      {
        replace: true,
        state: location.state,
      },
    );
    send();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wantsApply, signedIn]);

  const onClick = () => {
    if (!signedIn) {
      setNotice({ kind: 'login', text: t.jobs.loginToApply });
      return;
    }
    send();
  };

  return (
    <div className={className}>
      {applied && notice?.kind !== 'success' ? (
        <p
          className="flex min-h-12 items-center justify-center gap-2 rounded-lg bg-green-50 px-4 text-base font-semibold text-green-900"
          data-testid="applied-mark"
        >
          <CheckIcon className="size-5" />
          {t.jobs.appliedMark}
        </p>
      ) : (
        <Button
          size="lg"
          className="w-full"
          onClick={onClick}
          disabled={apply.isPending || session.status === 'loading' || applied}
        >
          {apply.isPending ? t.jobs.applying : applied ? t.jobs.appliedMark : t.jobs.applyNow}
        </Button>
      )}
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
                  to={loginUrl(backHere)}
                  className="font-semibold text-brand-800 underline underline-offset-2"
                >
                  {t.jobs.logIn}
                </Link>{' '}
                {t.jobs.orWord}{' '}
                <Link
                  to={loginUrl(backHere, '/register')}
                  className="font-semibold text-brand-800 underline underline-offset-2"
                >
                  {t.jobs.registerToApply}
                </Link>
              </>
            )}
          </p>
        )}
      </div>
    </div>
  );
}
