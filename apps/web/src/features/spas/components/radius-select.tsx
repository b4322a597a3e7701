import { RADIUS_OPTIONS } from '../lib/constants';
import { SelectField } from '../../../components/ui/field';
import { format, t } from '../../../messages';

/** 5, 10, 20, 50 or 100 km; with `anyLabel`, an extra "any distance" choice (value ""). */
export function RadiusSelect({
  value,
  onChange,
  label = t.spas.nearby.radius,
  anyLabel,
  disabled,
  hint,
  className,
}: {
  value: number | null;
  onChange: (km: number | null) => void;
  label?: string;
  anyLabel?: string;
  disabled?: boolean;
  hint?: string | undefined;
  className?: string;
}) {
  return (
    <SelectField
      label={label}
      value={value === null ? '' : String(value)}
      disabled={disabled}
      hint={hint}
      wrapperClassName={className}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
    >
      {anyLabel && <option value="">{anyLabel}</option>}
      {RADIUS_OPTIONS.map((km) => (
        <option key={km} value={km}>
          {format(t.spas.nearby.radiusOption, { km })}
        </option>
      ))}
    </SelectField>
  );
}
