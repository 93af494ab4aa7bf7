import { useId, type ReactNode } from 'react';

interface FilterBoxProps {
  /** The box's own class beside 'tracker-filters', e.g. 'request-filters'. */
  className: string;
  /** The filter and sort fields. */
  children: ReactNode;
}

/** The search landmark, named 'Filter and sort', around a list's filters and sort (tracker, roadmap). */
export function FilterBox({ className, children }: FilterBoxProps) {
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
