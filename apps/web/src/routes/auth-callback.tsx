import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useNavigate } from '../lib/locale-router';
import { LoadingScreen } from '../components/ui/states';
import { oauthFailureUrl } from '../features/auth/api/oauth-error';
import { useOAuthExchange } from '../features/auth/api/oauth-exchange';
import { ApiError } from '../lib/api-client';
import { takeNextAfterOAuth } from '../lib/next-path';
import { useSession } from '../lib/session';
import { usePageTitle } from '../lib/use-page-title';
import { t } from '../messages';

/**
 * Where an external sign-in lands: exchanges the single-use code for a
 * session, then goes where a password sign-in goes. The code leaves the
 * address bar and the history at once.
 */
export default function AuthCallbackPage() {
  usePageTitle(t.auth.login);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { signIn, signOut } = useSession();
  const exchange = useOAuthExchange();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = params.get('code');
    const provider = params.get('provider') ?? '';
    navigate('/auth/callback', { replace: true });
    if (!code) {
      navigate(oauthFailureUrl('failed', provider), { replace: true });
      return;
    }
    exchange.mutateAsync(code).then(
      ({ token, user }) => {
        if (user.role !== 'user') {
          signOut();
          navigate(oauthFailureUrl('role', provider), { replace: true });
          return;
        }
        signIn(token, user);
        navigate(takeNextAfterOAuth() ?? '/spas', { replace: true });
      },
      (err: unknown) => {
        const kind =
          err instanceof ApiError && err.isNetwork
            ? 'network'
            : err instanceof ApiError && err.status === 403
              ? 'role'
              : 'failed';
        navigate(oauthFailureUrl(kind, provider), { replace: true });
      },
    );
  }, [params, navigate, exchange, signIn, signOut]);

  return <LoadingScreen label={t.auth.signingIn} />;
}
