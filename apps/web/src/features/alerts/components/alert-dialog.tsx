import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { alertFrequency, type AlertFrequency, type AlertQuery } from '@spajobs/contract/alert';
import { emailField } from '@spajobs/contract/fields';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField, TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { t } from '../../../messages';
import { useCreateAlert } from '../api/create-alert';
import { describeAlert } from '../describe-alert';

const formSchema = z.object({ email: emailField, frequency: alertFrequency });

interface FormValues {
  email: string;
  frequency: AlertFrequency;
}

/** The e-mail and how often, for the search on screen; then "check your inbox". */
export default function AlertDialog({ query, onClose }: { query: AlertQuery; onClose: () => void }) {
  const m = t.alerts;
  const ids = useId();
  const { user } = useSession();
  const create = useCreateAlert();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormValues>({
    defaultValues: { email: user?.role === 'user' ? user.email : '', frequency: 'daily' },
    resolver: zodResolver(formSchema) as never,
  });
  const onSubmit = handleSubmit((values) => create.mutate({ ...values, query }));
  const apiError = create.error instanceof ApiError ? create.error : null;
  const fieldError = (name: string) =>
    apiError ? Object.entries(apiError.fields).find(([k]) => k.endsWith(name))?.[1] : undefined;

  return (
    <Dialog open onClose={onClose} labelledBy={`${ids}-title`} className="max-w-md">
      <div className="space-y-4 p-6">
        <h2 id={`${ids}-title`} className="text-xl font-semibold text-stone-900">
          {create.isSuccess ? m.checkInbox : m.dialogTitle}
        </h2>
        {create.isSuccess ? (
          <>
            <p role="status" className="text-stone-800">
              {create.data.message}
            </p>
            <Button className="w-full" onClick={onClose}>
              {m.close}
            </Button>
          </>
        ) : (
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            <p className="text-stone-700">{m.dialogIntro}</p>
            <div className="rounded-lg bg-stone-100 px-3 py-2 text-sm">
              <span className="font-medium text-stone-900">{m.search}: </span>
              <span className="text-stone-800">{describeAlert(query)}</span>
            </div>
            <TextField
              label={m.email}
              type="email"
              autoComplete="email"
              required
              error={errors.email?.message ?? fieldError('email')}
              {...register('email')}
            />
            <SelectField label={m.frequency} error={errors.frequency?.message} {...register('frequency')}>
              <option value="daily">{m.daily}</option>
              <option value="weekly">{m.weekly}</option>
            </SelectField>
            {apiError && (
              <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
                {apiError.message || m.failed}
              </p>
            )}
            <p className="text-xs text-stone-600">{m.privacy}</p>
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="ghost" onClick={onClose}>
                {m.cancel}
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? m.submitting : m.submit}
              </Button>
            </div>
          </form>
        )}
      </div>
    </Dialog>
  );
}
