import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '../../../lib/locale-router';
import type { z } from 'zod';
import { MAX_SKILLS } from '@spajobs/contract/constants';
import { todayInIndia } from '@spajobs/contract/fields';
import { profileUpdatePayload, type Profile } from '@spajobs/contract/user';
import { Button, buttonClass } from '../../../components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { Card } from '../../../components/ui/states';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { phoneFieldProps, tenDigitPhoneOnChange } from '../../../lib/phone-input';
import { useSession } from '../../../lib/session';
import { format, t } from '../../../messages';
import { useUpdateProfile } from '../api/update-profile';

type ProfileInput = z.input<typeof profileUpdatePayload>;
type ProfileValues = z.output<typeof profileUpdatePayload>;

/** Spec section 9: back to the dashboard 2 s after a save. */
export const REDIRECT_AFTER_SAVE_MS = 2000;

const FIELD_NAMES = [
  'firstname',
  'lastname',
  'email',
  'phone',
  'gender',
  'dob',
  'qualification',
  'experience',
  'skills',
  'address',
] as const;

/** Skills as the rule counts them: split on commas, trimmed, blanks dropped. */
export const countSkills = (s: unknown) =>
  typeof s === 'string' ? s.split(',').filter((x) => x.trim()).length : Array.isArray(s) ? s.length : 0;

export function profileToForm(p: Partial<Profile>) {
  return {
    firstname: p.firstname ?? '',
    lastname: p.lastname ?? '',
    email: p.email ?? '',
    phone: p.phone ?? '',
    gender: (p.gender === 'Male' || p.gender === 'Female' ? p.gender : '') as ProfileInput['gender'],
    dob: p.dob ? p.dob.slice(0, 10) : '',
    qualification: p.qualification ?? '',
    experience: p.experience ?? '',
    skills: (p.skills ?? []).join(', '),
    address: p.address ?? '',
  };
}

/** Personal and professional information, checked with the contract's profile rules. */
export function EditProfileForm({ initial, notice }: { initial: Partial<Profile>; notice?: string | null }) {
  const navigate = useNavigate();
  const { updateUser } = useSession();
  const save = useUpdateProfile();
  const [outcome, setOutcome] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    setValue,
    clearErrors,
    formState: { errors },
  } = useForm<ProfileInput, unknown, ProfileValues>({
    resolver: zodResolver(profileUpdatePayload),
    reValidateMode: 'onSubmit',
    defaultValues: profileToForm(initial),
  });
  const saved = outcome?.kind === 'success';

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => navigate('/dashboard'), REDIRECT_AFTER_SAVE_MS);
    return () => clearTimeout(timer);
  }, [saved, navigate]);

  const skillCount = countSkills(watch('skills'));
  const clearOnEdit = (name: (typeof FIELD_NAMES)[number]) => ({ onChange: () => clearErrors(name) });

  const onSubmit = handleSubmit(async (values) => {
    setOutcome(null);
    try {
      const { message, profile } = await save.mutateAsync(values);
      updateUser({
        firstname: profile.firstname || values.firstname,
        lastname: profile.lastname || values.lastname,
        email: profile.email || values.email,
      });
      setOutcome({ kind: 'success', text: message || t.rules.profileUpdated });
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : {};
      let placed = 0;
      for (const name of FIELD_NAMES) {
        if (fields[name]) {
          setError(name, { type: 'server', message: fields[name] });
          placed++;
        }
      }
      if (placed > 0) return;
      const text =
        err instanceof ApiError && err.isNetwork
          ? t.common.networkError
          : (err instanceof ApiError && (err.body as { message?: string } | undefined)?.message) ||
            t.profile.saveFailed;
      setOutcome({ kind: 'error', text });
    }
  });

  const section = 'p-4 sm:p-6';
  const heading = 'text-lg font-semibold text-stone-900';

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-6" aria-label={t.profile.editTitle}>
      {notice && (
        <p
          role="status"
          className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          {notice}
        </p>
      )}
      <Card className={section}>
        <fieldset className="space-y-4">
          <legend className={heading}>{t.profile.personal}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t.profile.firstName}
              autoComplete="given-name"
              required
              error={errors.firstname?.message}
              {...register('firstname', clearOnEdit('firstname'))}
            />
            <TextField
              label={t.profile.lastName}
              autoComplete="family-name"
              required
              error={errors.lastname?.message}
              {...register('lastname', clearOnEdit('lastname'))}
            />
            <TextField
              label={t.profile.email}
              type="email"
              autoComplete="email"
              required
              error={errors.email?.message}
              {...register('email', clearOnEdit('email'))}
            />
            <TextField
              label={t.profile.phone}
              {...phoneFieldProps}
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
              label={t.profile.gender}
              error={errors.gender?.message}
              {...register('gender', clearOnEdit('gender'))}
            >
              <option value="">{t.profile.genderPlaceholder}</option>
              <option value="Male">{t.profile.male}</option>
              <option value="Female">{t.profile.female}</option>
            </SelectField>
            <TextField
              label={t.profile.dob}
              type="date"
              max={todayInIndia()}
              error={errors.dob?.message}
              {...register('dob', clearOnEdit('dob'))}
            />
          </div>
          <TextAreaField
            label={t.profile.address}
            autoComplete="street-address"
            rows={3}
            error={errors.address?.message}
            {...register('address', clearOnEdit('address'))}
          />
        </fieldset>
      </Card>

      <Card className={section}>
        <fieldset className="space-y-4">
          <legend className={heading}>{t.profile.professional}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t.profile.qualification}
              placeholder={t.profile.qualificationPlaceholder}
              error={errors.qualification?.message}
              {...register('qualification', clearOnEdit('qualification'))}
            />
            <TextField
              label={t.profile.experience}
              placeholder={t.profile.experiencePlaceholder}
              error={errors.experience?.message}
              {...register('experience', clearOnEdit('experience'))}
            />
          </div>
          <div>
            <TextAreaField
              label={t.profile.skills}
              placeholder={t.profile.skillsPlaceholder}
              hint={t.profile.skillsHint}
              rows={3}
              error={errors.skills?.message}
              {...register('skills', clearOnEdit('skills'))}
            />
            <p
              aria-live="polite"
              data-testid="skills-count"
              className={cn(
                'mt-1 text-right text-sm font-medium',
                skillCount > MAX_SKILLS - 1 ? 'text-red-700' : 'text-stone-600',
              )}
            >
              {format(t.profile.skillsCount, { count: skillCount })}
            </p>
          </div>
        </fieldset>
      </Card>

      {outcome && (
        <p
          role={outcome.kind === 'error' ? 'alert' : 'status'}
          className={
            outcome.kind === 'error'
              ? 'rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800'
              : 'rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm font-medium text-green-800'
          }
        >
          {outcome.text}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link to="/dashboard" className={buttonClass('secondary', 'lg')}>
          {t.profile.cancel}
        </Link>
        <Button type="submit" size="lg" disabled={save.isPending || saved}>
          {save.isPending ? t.profile.saving : t.profile.save}
        </Button>
      </div>
    </form>
  );
}
