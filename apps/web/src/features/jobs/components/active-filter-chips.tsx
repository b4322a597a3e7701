import { formatDate } from '../../../lib/format';
import { t } from '../../../messages';
import {
  activeFilterKeys,
  filterValueLabel,
  postedWithinLabel,
  type FilterKey,
  type JobFilters,
} from '../job-filters';

/** Read when drawn, in the page's language. */
const labels = (): Record<FilterKey, string> => ({
  q: t.jobs.titleLabel,
  title: t.jobs.titleLabel,
  spa: t.jobs.spaLabel,
  category: t.jobs.categoryLabel,
  state: t.jobs.stateLabel,
  city: t.jobs.cityLabel,
  postedDate: t.jobs.postedWithinLabel,
  near: t.jobs.nearLabel,
  salaryMin: t.jobs.salaryMinLabel,
  experience: t.jobs.experienceLabel,
});

/** One chip per applied filter; removing a chip removes that filter. */
export function ActiveFilterChips({
  filters,
  onRemove,
  onReset,
}: {
  filters: JobFilters;
  onRemove: (key: FilterKey) => void;
  onReset: () => void;
}) {
  const keys = activeFilterKeys(filters);
  if (keys.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <h2 className="sr-only">{t.jobs.activeFilters}</h2>
      <ul className="flex flex-wrap gap-2" aria-label={t.jobs.activeFilters}>
        {keys.map((k) => {
          const value =
            k === 'postedDate' ? postedWithinLabel(filters[k], formatDate) : filterValueLabel(k, filters);
          return (
            <li key={k}>
              <button
                type="button"
                onClick={() => onRemove(k)}
                aria-label={`${t.jobs.removeFilter} ${labels()[k]}: ${value}`}
                className="inline-flex min-h-9 max-w-[18rem] items-center gap-1.5 rounded-full bg-brand-50 py-1 pl-3 pr-2 text-sm text-brand-900 ring-1 ring-inset ring-brand-200 hover:bg-brand-100"
              >
                <span className="truncate">
                  <span className="font-medium">{labels()[k]}:</span> {value}
                </span>
                <span aria-hidden="true" className="text-base leading-none">
                  ×
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        onClick={onReset}
        className="min-h-9 rounded-lg px-2 text-sm font-semibold text-brand-800 underline underline-offset-2 hover:bg-brand-50"
      >
        {t.jobs.resetAll}
      </button>
    </div>
  );
}
