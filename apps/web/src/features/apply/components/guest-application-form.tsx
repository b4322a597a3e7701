import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { guestApplicationFields } from '@spajobs/contract/application';
import { checkGuestResume, RESUME_ACCEPT } from '@spajobs/contract/files';
import { Button, buttonClass } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { t } from '../../../messages';
import { guestApplyErrorMessage, useApplyAsGuest, type GuestApplication } from '../api/apply-as-guest';

interface FormValues {
  job: string;
  name: string;
  email: string;
  phone: string;
  resume: FileList | null;
}

const textResolver = zodResolver(guestApplicationFields);

/** The contract's schema for the text parts, and the contract's file check for the resume. */
const resolver: Resolver<FormValues, unknown, GuestApplication> = async (values, ctx, options) => {
  const text = await textResolver(values, ctx, options as never);
  const file = values.resume?.[0] ?? null;
  const fileError = file ? checkGuestResume(file) : null;
  const errors = { ...(text.errors as FieldErrors<FormValues>) };
  if (fileError) errors.resume = { type: 'validate', message: fileError };
  if (Object.keys(errors).length > 0) return { values: {}, errors };
  return { values: { ...(text.values as Omit<GuestApplication, 'resume'>), resume: file }, errors: {} };
};

/** The API names its fields by their multipart parts. */
const SERVER_FIELDS: Record<string, keyof FormValues> = {
  job: 'job',
  'guestInfo[name]': 'name',
  'guestInfo[email]': 'email',
  'guestInfo[phone]': 'phone',
  resume: 'resume',
};

export const THANK_YOU_DELAY_MS = 3000;

/** Full name, e-mail, optional phone and resume; sent as multipart (spec section 2, Guest application). */
export function GuestApplicationForm({ jobId }: { jobId: string }) {
  const navigate = useNavigate();
  const apply = useApplyAsGuest();
  const [submitted, setSubmitted] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormValues, unknown, GuestApplication>({
    resolver,
    defaultValues: { job: jobId, name: '', email: '', phone: '', resume: null },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  useEffect(() => {
    if (!submitted) return;
    const timer = setTimeout(() => navigate('/thank-you'), THANK_YOU_DELAY_MS);
    return () => clearTimeout(timer);
  }, [submitted, navigate]);

  const onSubmit = handleSubmit((values) => {
    apply.mutate(values, {
      onSuccess: () => {
        reset({ job: jobId, name: '', email: '', phone: '', resume: null });
        setSubmitted(true);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 400) {
          for (const [key, message] of Object.entries(err.fields)) {
            const field = SERVER_FIELDS[key];
            if (field) setError(field, { type: 'server', message });
          }
        }
      },
    });
  });

  if (submitted) {
    return (
      <div role="status" className="rounded-xl border border-green-200 bg-green-50 p-6 text-center">
        <h2 className="text-xl font-bold text-green-900">{t.jobs.submittedTitle}</h2>
        <p className="mt-2 text-green-900">{t.jobs.submittedText}</p>
        <Link to="/jobs" className={buttonClass('primary', 'md', 'mt-4')}>
          {t.jobs.backToListing}
        </Link>
      </div>
    );
  }

  const fileHint = t.jobs.resumeHint;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-describedby="guest-privacy">
      <input type="hidden" {...register('job')} />
      <TextField
        label={t.jobs.nameLabel}
        required
        autoComplete="name"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label={t.jobs.emailLabel}
        required
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label={t.jobs.phoneLabel}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        hint={t.jobs.phoneHint}
        error={errors.phone?.message}
        {...register('phone')}
      />
      <TextField
        label={t.jobs.resumeLabel}
        type="file"
        accept={RESUME_ACCEPT}
        hint={fileHint}
        error={errors.resume?.message}
        className="file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-800"
        {...register('resume')}
      />
      {errors.job?.message && (
        <p role="alert" className="text-sm text-red-700">
          {errors.job.message}
        </p>
      )}
      {apply.isError && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {guestApplyErrorMessage(apply.error)}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={apply.isPending}>
        {apply.isPending ? t.jobs.submitting : t.jobs.submit}
      </Button>
      <p id="guest-privacy" className="text-center text-xs text-stone-600">
        {t.jobs.privacyNote}
      </p>
    </form>
  );
}
