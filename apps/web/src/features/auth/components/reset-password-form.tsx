import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '../../../lib/locale-router';
import type { z } from 'zod';
import { resetPasswordForm } from '@spajobs/contract/user';
import { Button, buttonClass } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { t } from '../../../messages';
import { useResetPassword } from '../api/reset-password';
import { errorMessage } from '../lib/errors';
import { FormMessage } from './auth-card';
import { PasswordField } from './password-field';

type Input = z.input<typeof resetPasswordForm>;
type Values = z.output<typeof resetPasswordForm>;

function AskAgain({ text }: { text: string }) {
  return (
    <div className="space-y-4">
      <FormMessage kind="error">{text}</FormMessage>
      <Link to="/forgot-password" className={buttonClass('primary', 'lg', 'w-full')}>
        {t.auth.askNewLink}
      </Link>
    </div>
  );
}

/** The new password, set with the single-use token from the e-mailed link. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm<Input, unknown, Values>({
    resolver: zodResolver(resetPasswordForm),
    reValidateMode: 'onSubmit',
    defaultValues: { password: '', confirmPassword: '' },
  });

  if (!token) return <AskAgain text={t.auth.resetNoToken} />;

  if (reset.isSuccess) {
    return (
      <div className="space-y-4">
        <div role="status" className="rounded-xl border border-green-200 bg-green-50 p-4">
          <h2 className="font-semibold text-green-900">{t.auth.resetDoneTitle}</h2>
          <p className="mt-1 text-green-900">{t.rules.passwordResetDone}</p>
        </div>
        <Link to="/login" className={buttonClass('primary', 'lg', 'w-full')}>
          {t.auth.signInLink}
        </Link>
      </div>
    );
  }

  // A used, expired or unknown link: the server answers 400, 404 or 410.
  const err = reset.error;
  const linkRefused = err instanceof ApiError && [400, 404, 410].includes(err.status) && !err.fields.password;
  if (linkRefused) return <AskAgain text={t.rules.resetLinkInvalid} />;

  return (
    <form
      noValidate
      aria-label={t.auth.resetTitle}
      className="space-y-4"
      onSubmit={handleSubmit(({ password }) => reset.mutate({ token, password }))}
    >
      <PasswordField
        label={t.auth.newPassword}
        autoComplete="new-password"
        hint={t.auth.passwordHint}
        required
        error={errors.password?.message ?? (err instanceof ApiError ? err.fields.password : undefined)}
        {...register('password', { onChange: () => clearErrors('password') })}
      />
      <PasswordField
        label={t.auth.confirmNewPassword}
        autoComplete="new-password"
        required
        error={errors.confirmPassword?.message}
        {...register('confirmPassword', { onChange: () => clearErrors('confirmPassword') })}
      />
      {err && !(err instanceof ApiError && err.fields.password) && (
        <FormMessage kind="error">{errorMessage(err, t.auth.resetFailed)}</FormMessage>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
        {reset.isPending ? t.auth.saving : t.auth.savePassword}
      </Button>
    </form>
  );
}
