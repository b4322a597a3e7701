import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { addMemberPayload } from '@spajobs/contract/employer';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { useAddMember } from '../api/spas';
import { employerText as e } from '../messages';

/** The spa's owner adds a colleague's employer account by e-mail or phone. */
export function AddMemberForm({ spaId, spaName }: { spaId: string; spaName: string }) {
  const add = useAddMember(spaId);
  const form = useForm<z.input<typeof addMemberPayload>, unknown, z.output<typeof addMemberPayload>>({
    resolver: zodResolver(addMemberPayload),
    defaultValues: { login: '' },
  });
  const onSubmit = form.handleSubmit(async (v) => {
    try {
      await add.mutateAsync(v);
      form.reset();
    } catch (err) {
      form.setError('login', { message: err instanceof ApiError ? err.message : String(err) });
    }
  });
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="mt-3 flex flex-wrap items-end gap-2"
      aria-label={`${e.addMember}: ${spaName}`}
    >
      <TextField
        label={e.memberLogin}
        wrapperClassName="min-w-0 flex-1"
        error={form.formState.errors.login?.message}
        {...form.register('login')}
      />
      <Button type="submit" variant="secondary" disabled={add.isPending}>
        {e.add}
      </Button>
      {add.isSuccess && (
        <p role="status" className="w-full text-sm text-green-900">
          {e.memberAdded}
        </p>
      )}
    </form>
  );
}
