import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSearchParams } from 'react-router';
import { Link, useNavigate } from '../../../lib/locale-router';
import type { z } from 'zod';
import { loginPayload } from '@spajobs/contract/user';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { rememberNextForOAuth, safeNextPath } from '../../../lib/next-path';
import { useSession } from '../../../lib/session';
import { format, t } from '../../../messages';
import { useLogin } from '../api/login';
import { useOAuthFailure } from '../api/oauth-error';
import { OAUTH_PROVIDERS, OAuthNotAvailableError, startOAuth, type OAuthProvider } from '../api/oauth-start';
import { errorMessage } from '../lib/errors';
import { FormMessage } from './auth-card';
import { PasswordField } from './password-field';

type LoginInput = z.input<typeof loginPayload>;
type LoginValues = z.output<typeof loginPayload>;

function oauthErrorMessage(err: unknown, label: string): string {
  if (err instanceof OAuthNotAvailableError) return format(t.auth.providerSoon, { Provider: label });
  const msg = errorMessage(err, '');
  if (msg) return msg;
  return err instanceof Error && err.message
    ? err.message
    : format(t.auth.providerUnavailable, { Provider: label });
}

/**
 * "Welcome Back": e-mail or phone and password; candidates go back to the page
 * they came from (a checked `next`), else to /spas; other roles are refused.
 */
export function LoginForm() {
  const navigate = useNavigate();
  const next = safeNextPath(useSearchParams()[0].get('next'));
  const { signIn, signOut } = useSession();
  const login = useLogin();
  const oauthFailure = useOAuthFailure();
  const [failure, setFailure] = useState<string | null>(oauthFailure);
  const [remember, setRemember] = useState(true);
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm<LoginInput, unknown, LoginValues>({
    resolver: zodResolver(loginPayload),
    reValidateMode: 'onSubmit',
    defaultValues: { login: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { token, user } = await login.mutateAsync(values);
      if (user.role !== 'user') {
        signOut();
        setFailure(t.rules.loginAccessDenied);
        return;
      }
      signIn(token, user, remember);
      navigate(next ?? '/spas', { replace: Boolean(next) });
    } catch (err) {
      setFailure(errorMessage(err, t.rules.loginFailed));
    }
  });

  const onProvider = async (id: OAuthProvider, label: string) => {
    setFailure(null);
    try {
      rememberNextForOAuth(next);
      await startOAuth(id);
    } catch (err) {
      setFailure(oauthErrorMessage(err, label));
    }
  };

  return (
    <div className="space-y-6">
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={t.auth.loginTitle}>
        <TextField
          label={t.auth.loginIdentifier}
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          placeholder={t.auth.loginIdentifierPlaceholder}
          required
          error={errors.login?.message}
          {...register('login', { onChange: () => clearErrors('login') })}
        />
        <PasswordField
          label={t.auth.password}
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...register('password', { onChange: () => clearErrors('password') })}
        />
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <label className="inline-flex min-h-11 items-center gap-2 text-stone-800">
            <input
              type="checkbox"
              className="size-4 accent-brand-700"
              checked={remember}
              onChange={(e) => setRemember(e.target.checked)}
            />
            {t.auth.rememberMe}
          </label>
          <Link
            to="/forgot-password"
            className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline-offset-2 hover:underline"
          >
            {t.auth.forgotPassword}
          </Link>
        </div>
        {failure && <FormMessage kind="error">{failure}</FormMessage>}
        <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
          {login.isPending ? t.auth.signingIn : t.auth.signIn}
        </Button>
      </form>
      <div className="flex items-center gap-3 text-sm text-stone-600" aria-hidden="true">
        <span className="h-px flex-1 bg-stone-200" />
        {t.auth.or}
        <span className="h-px flex-1 bg-stone-200" />
      </div>
      <div className="grid gap-2">
        {OAUTH_PROVIDERS.map((p) => (
          <Button
            key={p.id}
            variant="secondary"
            size="lg"
            className="w-full"
            onClick={() => void onProvider(p.id, p.label)}
          >
            <ProviderMark id={p.id} />
            {format(t.auth.continueWith, { Provider: p.label })}
          </Button>
        ))}
      </div>
    </div>
  );
}

function ProviderMark({ id }: { id: OAuthProvider }) {
  return id === 'google' ? (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
      <path
        fill="#4285F4"
        d="M22.5 12.3c0-.8-.1-1.5-.2-2.3H12v4.3h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2-1.9 3.2-4.7 3.2-8Z"
      />
      <path
        fill="#34A853"
        d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1-3.7 1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23Z"
      />
      <path fill="#FBBC05" d="M5.8 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8l3.7-2.8Z" />
      <path
        fill="#EA4335"
        d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.1 7.1l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4Z"
      />
    </svg>
  ) : (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
      <path
        fill="#1877F2"
        d="M24 12a12 12 0 1 0-13.9 11.9v-8.4H7.1V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v3h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12Z"
      />
    </svg>
  );
}
