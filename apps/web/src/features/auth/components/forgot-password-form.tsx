import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '../../../lib/locale-router';
import type { z } from 'zod';
import { forgotPasswordPayload } from '@spajobs/contract/user';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { t } from '../../../messages';
import { useRequestPasswordReset } from '../api/forgot-password';
import { errorMessage } from '../lib/errors';
import { FormMessage } from './auth-card';

type Input = z.input<typeof forgotPasswordPayload>;
type Values = z.output<typeof forgotPasswordPayload>;

/** Ask for a reset link by e-mail or phone; the answer is the same whether or not the account exists. */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm<Input, unknown, Values>({
    resolver: zodResolver(forgotPasswordPayload),
    reValidateMode: 'onSubmit',
    defaultValues: { login: '' },
  });

  if (request.isSuccess) {
    return (
      <div className="space-y-4">
        <div role="status" className="rounded-xl border border-green-200 bg-green-50 p-4">
          <h2 className="font-semibold text-green-900">{t.auth.forgotDoneTitle}</h2>
          <p className="mt-1 text-green-900">{t.rules.resetLinkSent}</p>
        </div>
        <Link to="/login" className="font-semibold text-brand-800 underline underline-offset-2">
          {t.auth.backToLogin}
        </Link>
      </div>
    );
  }

  return (
    <form
      noValidate
      aria-label={t.auth.forgotTitle}
      className="space-y-4"
      onSubmit={handleSubmit((v) => request.mutate(v))}
    >
      <TextField
        label={t.auth.loginIdentifier}
        autoComplete="username"
        inputMode="email"
        placeholder={t.auth.loginIdentifierPlaceholder}
        required
        error={errors.login?.message}
        {...register('login', { onChange: () => clearErrors('login') })}
      />
      {request.isError && (
        <FormMessage kind="error">{errorMessage(request.error, t.auth.resetFailed)}</FormMessage>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
        {request.isPending ? t.auth.sending : t.auth.sendLink}
      </Button>
    </form>
  );
}
