import { useId, type ReactNode } from 'react';

interface TrackerFiltersProps {
  /** The box's own class beside 'tracker-filters', e.g. 'request-filters'. */
  className: string;
  /** The filter and sort fields. */
  children: ReactNode;
}

/** The search landmark, named 'Filter and sort', around a tracker list's filters and sort. */
export function TrackerFilters({ className, children }: TrackerFiltersProps) {
  const headingId = useId();
  return (
    <div className={`tracker-filters ${className}`} role="search" aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        Filter and sort
      </h2>
      {children}
    </div>
  );
}
