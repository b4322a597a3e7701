import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from '../../../lib/locale-router';
import type { OAuthFailureKind } from '@spajobs/contract/oauth';
import { format, t } from '../../../messages';
import { OAUTH_PROVIDERS } from './oauth-start';

/** The login page's message for an external sign-in that came back failed (spec section 8). */
export function oauthFailureMessage(search: string): string | null {
  const q = new URLSearchParams(search);
  const kind = q.get('oauthError');
  const provider = OAUTH_PROVIDERS.find((p) => p.id === q.get('provider'));
  if (!kind || !provider) return null;
  const label = provider.label;
  switch (kind as OAuthFailureKind) {
    case 'not_configured':
      return format(t.auth.providerSoon, { Provider: label });
    case 'unavailable':
      return format(t.auth.providerUnavailable, { Provider: label });
    case 'role':
      return t.rules.loginAccessDenied;
    case 'network':
      return t.common.networkError;
    default:
      return format(t.auth.providerFailed, { provider: label });
  }
}

/** The address of the login page that shows this failure. */
export const oauthFailureUrl = (kind: OAuthFailureKind, provider: string) =>
  `/login?${new URLSearchParams({ oauthError: kind, provider })}`;

/**
 * The failure an external sign-in came back with, read once on arrival; the
 * query is then taken off the address, so a reload starts clean.
 */
export function useOAuthFailure(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [message] = useState(() => oauthFailureMessage(location.search));
  const hasQuery = new URLSearchParams(location.search).has('oauthError');
  useEffect(() => {
    if (hasQuery) navigate({ pathname: location.pathname, hash: location.hash }, { replace: true });
  }, [hasQuery, navigate, location.pathname, location.hash]);
  return message;
}
