import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSearchParams } from 'react-router';
import { useLocation, useNavigate } from '../../../lib/locale-router';
import type { z } from 'zod';
import { registerForm } from '@spajobs/contract/user';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { safeNextPath } from '../../../lib/next-path';
import { useSession } from '../../../lib/session';
import { phoneFieldProps, tenDigitPhoneOnChange } from '../../../lib/phone-input';
import { ruleText, t } from '../../../messages';
import { useRegister } from '../api/register';
import { errorMessage } from '../lib/errors';
import { FormMessage } from './auth-card';
import { PasswordField } from './password-field';

type RegisterInput = z.input<typeof registerForm>;
type RegisterValues = z.output<typeof registerForm>;

/** Spec section 2: "Registration Successful!", then the dashboard after 1.5 s. */
export const REDIRECT_AFTER_REGISTER_MS = 1500;

const FIELD_NAMES = ['firstname', 'lastname', 'email', 'phone', 'gender', 'password'] as const;

/** Details a guest just gave on an application, offered again on the thank-you page. */
interface RegisterPrefill {
  firstname?: string;
  lastname?: string;
  email?: string;
  phone?: string;
}

export function RegisterForm() {
  const navigate = useNavigate();
  const next = safeNextPath(useSearchParams()[0].get('next'));
  const prefill = ((useLocation().state as { prefill?: RegisterPrefill } | null)?.prefill ??
    {}) as RegisterPrefill;
  const { signIn } = useSession();
  const registration = useRegister();
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    clearErrors,
    setError,
    setValue,
    formState: { errors },
  } = useForm<RegisterInput, unknown, RegisterValues>({
    resolver: zodResolver(registerForm),
    reValidateMode: 'onSubmit',
    defaultValues: {
      firstname: prefill.firstname ?? '',
      lastname: prefill.lastname ?? '',
      email: prefill.email ?? '',
      phone: prefill.phone ?? '',
      password: '',
      confirmPassword: '',
      terms: false,
    },
  });

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(
      () => navigate(next ?? '/candidate/dashboard', { replace: Boolean(next) }),
      REDIRECT_AFTER_REGISTER_MS,
    );
    return () => clearTimeout(timer);
  }, [done, navigate, next]);

  const clearOnEdit = (name: keyof RegisterInput) => ({ onChange: () => clearErrors(name) });

  const onSubmit = handleSubmit(async ({ confirmPassword: _c, terms: _t, ...payload }) => {
    setFailure(null);
    try {
      const { token, user } = await registration.mutateAsync(payload);
      signIn(token, user);
      setDone(true);
    } catch (err) {
      // Field errors from the server go beside their fields; the rest above the button.
      const fields = err instanceof ApiError ? err.fields : {};
      let placed = 0;
      for (const name of FIELD_NAMES) {
        if (fields[name]) {
          setError(name, { type: 'server', message: fields[name] });
          placed++;
        }
      }
      if (placed === 0) setFailure(errorMessage(err, t.auth.registerFailed));
    }
  });

  if (done) {
    return (
      <div role="status" className="rounded-xl border border-green-200 bg-green-50 p-6 text-center">
        <p className="text-xl font-bold text-green-800">{t.auth.registerSuccess}</p>
        <p className="mt-1 text-green-800">{t.auth.registerSuccessText}</p>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={t.auth.registerTitle}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t.auth.firstName}
          autoComplete="given-name"
          required
          error={errors.firstname?.message}
          {...register('firstname', clearOnEdit('firstname'))}
        />
        <TextField
          label={t.auth.lastName}
          autoComplete="family-name"
          required
          error={errors.lastname?.message}
          {...register('lastname', clearOnEdit('lastname'))}
        />
      </div>
      <TextField
        label={t.auth.email}
        type="email"
        autoComplete="email"
        required
        error={errors.email?.message}
        {...register('email', clearOnEdit('email'))}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t.auth.phone}
          {...phoneFieldProps}
          hint={t.auth.phoneHint}
          required
          error={errors.phone?.message}
          {...register(
            'phone',
            tenDigitPhoneOnChange(
              () => clearErrors('phone'),
              (digits) => setValue('phone', digits),
            ),
          )}
        />
        <SelectField
          label={t.auth.gender}
          required
          defaultValue=""
          error={errors.gender?.message}
          {...register('gender', clearOnEdit('gender'))}
        >
          <option value="">{t.auth.genderPlaceholder}</option>
          <option value="Male">{t.auth.male}</option>
          <option value="Female">{t.auth.female}</option>
        </SelectField>
      </div>
      <PasswordField
        label={t.auth.password}
        autoComplete="new-password"
        hint={t.auth.passwordHint}
        required
        error={errors.password?.message}
        {...register('password', clearOnEdit('password'))}
      />
      <PasswordField
        label={t.auth.confirmPassword}
        autoComplete="new-password"
        required
        error={errors.confirmPassword?.message}
        {...register('confirmPassword', clearOnEdit('confirmPassword'))}
      />
      <div>
        <label className="flex min-h-11 items-start gap-3 text-sm text-stone-800">
          <input
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 accent-brand-700"
            aria-invalid={errors.terms ? true : undefined}
            aria-describedby={errors.terms ? 'terms-error' : undefined}
            {...register('terms', clearOnEdit('terms'))}
          />
          <span>{t.auth.terms}</span>
        </label>
        {errors.terms && (
          <p id="terms-error" role="alert" className="text-sm text-red-700">
            {ruleText(errors.terms.message)}
          </p>
        )}
      </div>
      {failure && <FormMessage kind="error">{failure}</FormMessage>}
      <Button type="submit" size="lg" className="w-full" disabled={registration.isPending}>
        {registration.isPending ? t.auth.registering : t.auth.createAccountButton}
      </Button>
    </form>
  );
}
