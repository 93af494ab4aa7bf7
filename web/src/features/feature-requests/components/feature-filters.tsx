import { FILTER_LABELS, type FeatureFilter } from '../utils/feature-filter';

interface FeatureFiltersProps {
  filters: readonly FeatureFilter[];
  current: FeatureFilter;
  onChange: (filter: FeatureFilter) => void;
}

/** The status filter as a toggle group: the chosen button is pressed. */
export function FeatureFilters({ filters, current, onChange }: FeatureFiltersProps) {
  return (
    <div className="feature-filters" role="group" aria-label="Filter by status">
      {filters.map((filter) => (
        <button
          key={filter}
          type="button"
          className="feature-filters__button"
          aria-pressed={filter === current}
          onClick={() => onChange(filter)}
        >
          {FILTER_LABELS[filter]}
        </button>
      ))}
    </div>
  );
}
