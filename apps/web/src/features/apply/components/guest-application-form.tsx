import { useEffect, useState } from 'react';
import { Link, useNavigate } from '../../../lib/locale-router';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { guestApplicationFields, guestContactGiven } from '@spajobs/contract/application';
import { checkGuestResume, RESUME_ACCEPT } from '@spajobs/contract/files';
import { Button, buttonClass } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { phoneFieldProps } from '../../../lib/phone-input';
import { ruleText, t } from '../../../messages';
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
  if (!errors.email && !guestContactGiven(values)) {
    errors.email = { type: 'validate', message: t.rules.guestContactRequired };
  }
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

/** What the thank-you page is given: the job applied to and the details, to offer an account. */
export interface ThankYouState {
  job?: { _id: string; title: string; category: string; city: string; state: string };
  guest?: { name: string; email: string | null; phone: string | null };
}

/**
 * Full name, phone and/or e-mail (at least one), optional resume; sent as
 * multipart (spec section 2, Guest application; decisions item 11).
 */
export function GuestApplicationForm({ jobId, job }: { jobId: string; job?: ThankYouState['job'] }) {
  const navigate = useNavigate();
  const apply = useApplyAsGuest();
  const [submitted, setSubmitted] = useState<ThankYouState | null>(null);
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
    const timer = setTimeout(() => navigate('/thank-you', { state: submitted }), THANK_YOU_DELAY_MS);
    return () => clearTimeout(timer);
  }, [submitted, navigate]);

  const onSubmit = handleSubmit((values) => {
    apply.mutate(values, {
      onSuccess: () => {
        reset({ job: jobId, name: '', email: '', phone: '', resume: null });
        setSubmitted({ job, guest: { name: values.name, email: values.email, phone: values.phone } });
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
      <fieldset className="space-y-4">
        <legend className="text-sm font-medium text-stone-800">{t.jobs.contactLegend}</legend>
        <TextField
          label={t.jobs.phoneLabel}
          {...phoneFieldProps}
          hint={t.jobs.phoneHint}
          error={errors.phone?.message}
          {...register('phone')}
        />
        <TextField
          label={t.jobs.emailLabel}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
      </fieldset>
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
          {ruleText(errors.job.message)}
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
