import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CONTACT_SUBJECTS, contactPayload, type ContactPayload } from '@spajobs/contract/contact';
import { Button } from '../../../components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { t } from '../../../messages';
import { useSendMessage } from '../api/send-message';

type Subject = (typeof CONTACT_SUBJECTS)[number];

interface FormValues {
  name: string;
  email: string;
  phone: string;
  location: string;
  subject: Subject;
  message: string;
}

export interface ContactFormProps {
  /** "popup": one compact column, fixed subject. "page": two columns on wide screens, subject select. */
  layout?: 'popup' | 'page';
  /** "jobs" is "Job Inquiry", "services" is "Services Inquiry". */
  defaultSubject?: Subject;
  /** Show the subject select (the page layout shows it unless told otherwise). */
  showSubject?: boolean;
  defaultMessage?: string;
  /** Called once a message has been sent. */
  onSent?: () => void;
  className?: string;
}

/** Spec section 4: editing, submitting, then the thank-you panel (fields cleared) or an error above the button. */
export function ContactForm({
  layout = 'page',
  defaultSubject = 'jobs',
  showSubject = layout === 'page',
  defaultMessage = '',
  onSent,
  className,
}: ContactFormProps) {
  const m = t.contact;
  const ids = useId();
  const send = useSendMessage();
  const defaults: FormValues = {
    name: '',
    email: '',
    phone: '',
    location: '',
    subject: defaultSubject,
    message: defaultMessage,
  };
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FormValues>({
    defaultValues: defaults,
    resolver: zodResolver(contactPayload) as never,
  });

  const onSubmit = handleSubmit((values) => {
    send.mutate(values as ContactPayload, {
      onSuccess: () => {
        reset(defaults);
        onSent?.();
      },
    });
  });

  if (send.isSuccess) {
    return (
      <div role="status" className={cn('rounded-xl bg-brand-50 p-6 text-center', className)}>
        <p className="text-lg font-semibold text-brand-900">{m.thankYouTitle}</p>
        <p className="mt-2 text-stone-800">{m.thankYouText}</p>
        <Button variant="secondary" className="mt-4" onClick={() => send.reset()}>
          {m.sendAnother}
        </Button>
      </div>
    );
  }

  const errorText = send.error ? sendErrorText(send.error) : null;
  const grid = layout === 'page' ? 'grid gap-4 sm:grid-cols-2' : 'grid gap-3';
  const optional = <span className="font-normal text-stone-600"> {m.optional}</span>;

  return (
    <form noValidate onSubmit={onSubmit} className={cn('space-y-4', className)} aria-busy={send.isPending}>
      <div className={grid}>
        <TextField
          label={m.name}
          autoComplete="name"
          required
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label={m.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label={
            <>
              {m.phone}
              {optional}
            </>
          }
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <TextField
          label={
            <>
              {m.location}
              {optional}
            </>
          }
          placeholder={m.locationPlaceholder}
          autoComplete="address-level2"
          error={errors.location?.message}
          {...register('location')}
        />
        {showSubject && (
          <SelectField
            label={m.subject}
            required
            wrapperClassName={layout === 'page' ? 'sm:col-span-2' : undefined}
            error={errors.subject?.message}
            defaultValue={defaultSubject}
            {...register('subject')}
          >
            {CONTACT_SUBJECTS.map((s) => (
              <option key={s} value={s}>
                {m.subjects[s]}
              </option>
            ))}
          </SelectField>
        )}
        <TextAreaField
          label={m.message}
          required
          rows={layout === 'popup' ? 4 : 6}
          wrapperClassName={layout === 'page' ? 'sm:col-span-2' : undefined}
          error={errors.message?.message}
          {...register('message')}
        />
      </div>
      {errorText && (
        <p id={`${ids}-error`} role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {errorText}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={send.isPending}>
        {send.isPending ? m.sending : m.send}
      </Button>
    </form>
  );
}

/** The server's text, else the spec's "Failed to send message." */
function sendErrorText(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.isNetwork) return err.message;
    const body = err.body as { message?: string; error?: string } | undefined;
    return body?.message || body?.error || t.contact.failed;
  }
  return t.contact.failed;
}
