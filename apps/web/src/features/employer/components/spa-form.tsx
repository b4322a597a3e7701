import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { spaPayload } from '@spajobs/contract/employer';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { format } from '../../../messages';
import { findPlace, useCreateSpa } from '../api/spas';
import { employerText as e } from '../messages';

type In = z.input<typeof spaPayload>;
type Out = z.output<typeof spaPayload>;

/** A new spa: its details and a map pin, found from the city or the phone's location. */
export function SpaForm({ onSaved }: { onSaved: () => void }) {
  const create = useCreateSpa();
  const [error, setError] = useState<string | null>(null);
  const [pinError, setPinError] = useState<string | null>(null);
  const form = useForm<In, unknown, Out>({
    resolver: zodResolver(spaPayload),
    defaultValues: { name: '', category: 'Spa & Massage', addressLine: '', city: '', state: '', phone: '' },
  });
  const { errors } = form.formState;
  const f = e.fields;
  const lat = form.watch('latitude');
  const lng = form.watch('longitude');

  const pinFromCity = async () => {
    setPinError(null);
    try {
      const p = await findPlace(form.getValues('city'), form.getValues('state'));
      form.setValue('latitude', p.lat, { shouldValidate: true });
      form.setValue('longitude', p.lng, { shouldValidate: true });
    } catch (err) {
      setPinError(err instanceof ApiError ? err.message : String(err));
    }
  };
  const pinFromDevice = () => {
    setPinError(null);
    navigator.geolocation?.getCurrentPosition(
      (pos) => {
        form.setValue('latitude', Number(pos.coords.latitude.toFixed(6)), { shouldValidate: true });
        form.setValue('longitude', Number(pos.coords.longitude.toFixed(6)), { shouldValidate: true });
      },
      () => setPinError('Could not read your location.'),
    );
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await create.mutateAsync(values);
      onSaved();
    } catch (err) {
      if (err instanceof ApiError)
        for (const [k, v] of Object.entries(err.fields)) form.setError(k as keyof In, { message: v });
      setError(err instanceof ApiError ? err.message : 'Could not save the spa.');
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={e.addSpa}>
      <TextField label={f.name} required error={errors.name?.message} {...form.register('name')} />
      <TextField
        label={f.category}
        required
        error={errors.category?.message}
        {...form.register('category')}
      />
      <TextField
        label={f.addressLine}
        required
        error={errors.addressLine?.message}
        {...form.register('addressLine')}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label={f.city} required error={errors.city?.message} {...form.register('city')} />
        <TextField label={f.state} required error={errors.state?.message} {...form.register('state')} />
        <TextField
          label={f.pincode}
          inputMode="numeric"
          error={errors.pincode?.message}
          {...form.register('pincode')}
        />
      </div>
      <fieldset className="space-y-2 rounded-lg border border-stone-200 p-3">
        <legend className="px-1 text-sm font-medium text-stone-800">{e.mapPin}</legend>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => void pinFromCity()}>
            {e.findCity}
          </Button>
          <Button variant="secondary" size="sm" onClick={pinFromDevice}>
            {e.useLocation}
          </Button>
        </div>
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label={f.latitude}
            inputMode="decimal"
            error={errors.latitude?.message}
            {...form.register('latitude')}
          />
          <TextField
            label={f.longitude}
            inputMode="decimal"
            error={errors.longitude?.message}
            {...form.register('longitude')}
          />
        </div>
        {lat !== undefined && lng !== undefined && String(lat) !== '' && (
          <p className="text-sm text-stone-700">{format(e.pinSet, { lat: String(lat), lng: String(lng) })}</p>
        )}
        {pinError && (
          <p role="alert" className="text-sm text-red-700">
            {pinError}
          </p>
        )}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={f.phone}
          inputMode="numeric"
          required
          error={errors.phone?.message}
          {...form.register('phone')}
        />
        <TextField
          label={f.whatsapp}
          inputMode="numeric"
          error={errors.whatsapp?.message}
          {...form.register('whatsapp')}
        />
      </div>
      <TextField label={f.email} type="email" error={errors.email?.message} {...form.register('email')} />
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={create.isPending}>
        {e.saveSpa}
      </Button>
    </form>
  );
}
