import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { newJobPayload, type EmployerJob, type MySpa } from '@spajobs/contract/employer';
import { Button } from '../../../components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { useEditJob, usePostJob } from '../api/jobs';
import { employerText as e } from '../messages';

type In = z.input<typeof newJobPayload>;
type Out = z.output<typeof newJobPayload>;

/**
 * Post a job with the contract's rules. A refusal (by the form or the server)
 * keeps every value typed, so nothing has to be typed again.
 */
export function JobForm({
  spas,
  onPosted,
  job,
}: {
  spas: MySpa[];
  onPosted: (moderation: string) => void;
  /** Editing this job instead of posting a new one. */
  job?: EmployerJob;
}) {
  const post = usePostJob();
  const edit = useEditJob();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<In, unknown, Out>({
    resolver: zodResolver(newJobPayload),
    defaultValues: job
      ? {
          spaId: job.spaId,
          title: job.title,
          salary: job.salary,
          experience: job.experience,
          category: job.category,
          location: job.location,
          vacancies: job.vacancies,
          gender: job.gender as 'Any',
          description: job.description,
          requirements: job.requirements,
          hrPhone: job.hrPhone,
          hrWhatsapp: job.hrWhatsapp,
        }
      : {
          spaId: spas[0]?._id ?? '',
          title: '',
          salary: '',
          experience: '',
          category: '',
          location: '',
          vacancies: 1,
          gender: 'Any',
          description: '',
          requirements: '',
        },
  });
  const { errors } = form.formState;
  const f = e.fields;
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      if (job) {
        const { spaId: _spa, ...fields } = values;
        await edit.mutateAsync({ id: job._id, ...fields });
        onPosted(job.moderation);
      } else {
        const r = await post.mutateAsync(values);
        onPosted(r.moderation);
      }
    } catch (err) {
      if (err instanceof ApiError)
        for (const [k, v] of Object.entries(err.fields)) form.setError(k as keyof In, { message: v });
      setError(err instanceof ApiError ? err.message : 'Could not post the job.');
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={job ? e.editJob : e.postJobTitle}>
      {job ? (
        <p className="text-sm text-stone-700">{job.spaName}</p>
      ) : (
        <SelectField label={f.spa} required error={errors.spaId?.message} {...form.register('spaId')}>
          {spas.map((s) => (
            <option key={s._id} value={s._id}>
              {s.name} ({e.verification[s.verification]})
            </option>
          ))}
        </SelectField>
      )}
      <TextField label={f.title} required error={errors.title?.message} {...form.register('title')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={f.salary}
          required
          placeholder={e.placeholders.salary}
          error={errors.salary?.message}
          {...form.register('salary')}
        />
        <TextField
          label={f.experience}
          required
          placeholder={e.placeholders.experience}
          error={errors.experience?.message}
          {...form.register('experience')}
        />
        <TextField
          label={f.category}
          required
          placeholder={e.placeholders.category}
          error={errors.category?.message}
          {...form.register('category')}
        />
        <TextField
          label={f.location}
          required
          error={errors.location?.message}
          {...form.register('location')}
        />
        <TextField
          label={f.vacancies}
          type="number"
          inputMode="numeric"
          required
          error={errors.vacancies?.message}
          {...form.register('vacancies')}
        />
        <SelectField label={f.gender} required error={errors.gender?.message} {...form.register('gender')}>
          {['Any', 'Female', 'Male'].map((g) => (
            <option key={g} value={g}>
              {e.genders[g]}
            </option>
          ))}
        </SelectField>
      </div>
      <TextAreaField
        label={f.description}
        required
        error={errors.description?.message}
        {...form.register('description')}
      />
      <TextAreaField
        label={f.requirements}
        required
        error={errors.requirements?.message}
        {...form.register('requirements')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={f.hrPhone}
          inputMode="numeric"
          error={errors.hrPhone?.message}
          {...form.register('hrPhone')}
        />
        <TextField
          label={f.hrWhatsapp}
          inputMode="numeric"
          error={errors.hrWhatsapp?.message}
          {...form.register('hrWhatsapp')}
        />
      </div>
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <Button
        type="submit"
        size="lg"
        className="w-full sm:w-auto"
        disabled={post.isPending || edit.isPending}
      >
        {job ? e.saveJob : e.publish}
      </Button>
    </form>
  );
}
