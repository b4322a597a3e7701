import { SelectField, TextField } from '../../../components/ui/field';
import { Button } from '../../../components/ui/button';
import { formatCount, formatDate } from '../../../lib/format';
import { format, t } from '../../../messages';
import { useCities } from '../api/get-cities';
import { useJobCategories } from '../api/get-job-categories';
import { useStates } from '../api/get-states';
import { NearPlaceFilter } from './near-place-filter';
import {
  EXPERIENCE_CHOICES,
  experienceLabel,
  SALARY_CHOICES,
  POSTED_WITHIN_DAYS,
  postedSince,
  postedWithinLabel,
  postedWithinOf,
  type JobFilters,
} from '../job-filters';

export interface JobFilterPanelProps {
  filters: JobFilters;
  titleDraft: string;
  spaDraft: string;
  onTitle: (v: string) => void;
  onSpa: (v: string) => void;
  onChange: (patch: Partial<JobFilters>) => void;
  onReset: () => void;
  hasActive: boolean;
}

/** Keeps a value from the link selectable even if the option list does not (yet) have it. */
const withCurrent = (options: string[] | undefined, current: string) =>
  current && !(options ?? []).includes(current) ? [current, ...(options ?? [])] : (options ?? []);

/** The job listing's filters: title, spa name, category, state, and city once a state is chosen. */
export function JobFilterPanel({
  filters,
  titleDraft,
  spaDraft,
  onTitle,
  onSpa,
  onChange,
  onReset,
  hasActive,
}: JobFilterPanelProps) {
  const categories = useJobCategories();
  const states = useStates();
  // A tile link may set a city without a state: keep it usable then.
  const cityEnabled = Boolean(filters.state || filters.city);
  const cities = useCities(filters.state, cityEnabled);

  return (
    <form
      role="search"
      aria-label={t.jobs.filtersTitle}
      className="space-y-4"
      onSubmit={(e) => e.preventDefault()}
    >
      <TextField
        id="filter-title"
        label={t.jobs.titleLabel}
        type="search"
        autoComplete="off"
        enterKeyHint="search"
        placeholder={t.jobs.titlePlaceholder}
        value={titleDraft}
        onChange={(e) => onTitle(e.target.value)}
      />
      <TextField
        id="filter-spa"
        label={t.jobs.spaLabel}
        type="search"
        autoComplete="off"
        enterKeyHint="search"
        placeholder={t.jobs.spaPlaceholder}
        value={spaDraft}
        onChange={(e) => onSpa(e.target.value)}
      />
      <SelectField
        id="filter-category"
        label={t.jobs.categoryLabel}
        value={filters.category}
        onChange={(e) => onChange({ category: e.target.value })}
      >
        <option value="">{t.jobs.allCategories}</option>
        {withCurrent(categories.data, filters.category).map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </SelectField>
      <SelectField
        id="filter-state"
        label={t.jobs.stateLabel}
        value={filters.state}
        onChange={(e) => onChange({ state: e.target.value })}
      >
        <option value="">{t.jobs.allStates}</option>
        {withCurrent(states.data, filters.state).map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </SelectField>
      <SelectField
        id="filter-city"
        label={t.jobs.cityLabel}
        value={filters.city}
        disabled={!cityEnabled}
        hint={cityEnabled ? undefined : t.jobs.chooseStateFirst}
        onChange={(e) => onChange({ city: e.target.value })}
      >
        <option value="">{cityEnabled ? t.jobs.allCities : t.jobs.chooseStateFirst}</option>
        {withCurrent(cities.data, filters.city).map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </SelectField>
      <SelectField
        id="filter-posted-date"
        label={t.jobs.postedWithinLabel}
        value={filters.postedDate}
        onChange={(e) => onChange({ postedDate: e.target.value })}
      >
        <option value="">{t.jobs.postedAnyTime}</option>
        {POSTED_WITHIN_DAYS.map((d) => (
          <option key={d} value={postedSince(d)}>
            {d === 0 ? t.jobs.postedToday : format(t.jobs.postedWithinDays, { days: d })}
          </option>
        ))}
        {/* A link from before may carry another date: it stays chosen and named. */}
        {filters.postedDate && postedWithinOf(filters.postedDate) === null && (
          <option value={filters.postedDate}>{postedWithinLabel(filters.postedDate, formatDate)}</option>
        )}
      </SelectField>
      <NearPlaceFilter filters={filters} onChange={onChange} />
      <SelectField
        id="filter-salary"
        label={t.jobs.salaryMinLabel}
        value={filters.salaryMin}
        onChange={(e) => onChange({ salaryMin: e.target.value })}
      >
        <option value="">{t.jobs.salaryAny}</option>
        {SALARY_CHOICES.map((n) => (
          <option key={n} value={n}>
            {format(t.jobs.salaryOption, { amount: formatCount(n) })}
          </option>
        ))}
      </SelectField>
      <SelectField
        id="filter-experience"
        label={t.jobs.experienceLabel}
        value={filters.experience}
        onChange={(e) => onChange({ experience: e.target.value })}
      >
        <option value="">{t.jobs.experienceAny}</option>
        {EXPERIENCE_CHOICES.map((y) => (
          <option key={y} value={y}>
            {experienceLabel(y)}
          </option>
        ))}
      </SelectField>
      <SelectField
        id="filter-sort"
        label={t.jobs.sortLabel}
        value={filters.sort}
        onChange={(e) => onChange({ sort: e.target.value })}
      >
        <option value="">{t.jobs.sortNewest}</option>
        <option value="nearest" disabled={!filters.near}>
          {t.jobs.sortNearest}
        </option>
        <option value="salary">{t.jobs.sortSalary}</option>
      </SelectField>
      <Button variant="secondary" className="w-full" onClick={onReset} disabled={!hasActive}>
        {t.jobs.resetAll}
      </Button>
    </form>
  );
}
