import { useEffect, useState } from 'react';
import { RADIUS_OPTIONS } from '@spajobs/contract/constants';
import { CityPicker } from '../../../components/city-picker';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { CrosshairIcon } from '../../../components/ui/icons';
import { useChosenPlace } from '../../../lib/chosen-place';
import { useGeolocation } from '../../../lib/use-geolocation';
import { format, t } from '../../../messages';
import { nearValue, type JobFilters } from '../job-filters';

/**
 * "Jobs near me": the device's location when it is shared, else a city the
 * candidate picks (remembered on the device); then a radius of 5 to 100 km.
 */
export function NearPlaceFilter({
  filters,
  onChange,
}: {
  filters: JobFilters;
  onChange: (patch: Partial<JobFilters>) => void;
}) {
  const geo = useGeolocation({ auto: false });
  const { chosen, choose } = useChosenPlace();
  const [asked, setAsked] = useState(false);

  useEffect(() => {
    if (!asked || geo.state.status !== 'granted') return;
    setAsked(false);
    onChange({ near: nearValue(geo.state.lat, geo.state.lng), place: t.jobs.yourLocation, sort: 'nearest' });
  }, [asked, geo.state, onChange]);

  if (filters.near) {
    return (
      <fieldset className="space-y-2 rounded-lg border border-brand-200 bg-brand-50 p-3">
        <legend className="sr-only">{t.jobs.nearLabel}</legend>
        <p className="font-medium text-brand-900">
          {format(t.jobs.nearPlace, { place: filters.place || t.jobs.yourLocation })}
        </p>
        <SelectField
          id="filter-radius"
          label={t.spas.nearby.radius}
          value={filters.radius || '10'}
          onChange={(e) => onChange({ radius: e.target.value })}
        >
          {RADIUS_OPTIONS.map((km) => (
            <option key={km} value={km}>
              {format(t.spas.nearby.radiusOption, { km })}
            </option>
          ))}
        </SelectField>
        <Button variant="ghost" className="w-full" onClick={() => onChange({ near: '' })}>
          {t.jobs.clearPlace}
        </Button>
      </fieldset>
    );
  }

  const failed = geo.state.status === 'failed';
  return (
    <div className="space-y-2">
      <Button
        variant="secondary"
        className="w-full"
        disabled={geo.state.status === 'locating'}
        onClick={() => {
          setAsked(true);
          geo.request();
        }}
      >
        <CrosshairIcon size={18} />
        {geo.state.status === 'locating' ? t.jobs.locatingShort : t.jobs.jobsNearMe}
      </Button>
      {failed && (
        <p role="status" className="text-sm text-amber-900">
          {t.jobs.locationDeniedShort}
        </p>
      )}
      {chosen && (
        <Button
          variant="ghost"
          className="w-full"
          onClick={() =>
            onChange({
              near: nearValue(chosen.lat, chosen.lng),
              place: `${chosen.city}, ${chosen.state}`,
              sort: 'nearest',
            })
          }
        >
          {format(t.jobs.nearPlace, { place: chosen.city })}
        </Button>
      )}
      <CityPicker
        onChoose={(c) => {
          choose(c);
          onChange({ near: nearValue(c.lat, c.lng), place: `${c.city}, ${c.state}`, sort: 'nearest' });
        }}
      />
    </div>
  );
}
