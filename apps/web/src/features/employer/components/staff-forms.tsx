import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '../../../lib/locale-router';
import type { z } from 'zod';
import { loginPayload, registerPayload } from '@spajobs/contract/user';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useEmployerLogin, useRegisterEmployer } from '../api/employer-auth';
import { employerText as e } from '../messages';

const failure = (err: unknown) =>
  err instanceof ApiError ? err.message : 'Something went wrong. Please try again.';

/** Sign-in for employers and admins; each lands in their own area. */
export function StaffLoginForm() {
  const navigate = useNavigate();
  const { signIn } = useSession();
  const login = useEmployerLogin();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<z.input<typeof loginPayload>, unknown, z.output<typeof loginPayload>>({
    resolver: zodResolver(loginPayload),
    defaultValues: { login: '', password: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const { token, user } = await login.mutateAsync(values);
      signIn(token, user, true);
      navigate(user.role === 'admin' ? '/admin' : '/employer');
    } catch (err) {
      setError(failure(err));
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={e.loginTitle}>
      <TextField
        label={e.account.login}
        autoComplete="username"
        required
        error={errors.login?.message}
        {...form.register('login')}
      />
      <TextField
        label={e.account.password}
        type="password"
        autoComplete="current-password"
        required
        error={errors.password?.message}
        {...form.register('password')}
      />
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
        {e.signIn}
      </Button>
    </form>
  );
}

const employerRegister = registerPayload.omit({ role: true });

/** "I am hiring": an employer account, then straight to the employer dashboard. */
export function EmployerRegisterForm() {
  const navigate = useNavigate();
  const { signIn } = useSession();
  const registration = useRegisterEmployer();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<z.input<typeof employerRegister>, unknown, z.output<typeof employerRegister>>({
    resolver: zodResolver(employerRegister),
    defaultValues: { firstname: '', lastname: '', email: '', phone: '', password: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const { token, user } = await registration.mutateAsync(values);
      signIn(token, user, true);
      navigate('/employer');
    } catch (err) {
      if (err instanceof ApiError)
        for (const [k, v] of Object.entries(err.fields)) form.setError(k as 'email', { message: v });
      setError(failure(err));
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={e.registerTitle}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={e.account.firstName}
          required
          autoComplete="given-name"
          error={errors.firstname?.message}
          {...form.register('firstname')}
        />
        <TextField
          label={e.account.lastName}
          required
          autoComplete="family-name"
          error={errors.lastname?.message}
          {...form.register('lastname')}
        />
      </div>
      <TextField
        label={e.account.email}
        type="email"
        required
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <TextField
        label={e.account.phone}
        inputMode="numeric"
        required
        autoComplete="tel-national"
        error={errors.phone?.message}
        {...form.register('phone')}
      />
      <SelectField
        label={e.account.gender}
        required
        error={errors.gender?.message}
        {...form.register('gender')}
      >
        <option value="">{e.account.genderPlaceholder}</option>
        <option value="Female">{e.genders.Female}</option>
        <option value="Male">{e.genders.Male}</option>
      </SelectField>
      <TextField
        label={e.account.password}
        type="password"
        required
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={registration.isPending}>
        {e.register}
      </Button>
    </form>
  );
}
