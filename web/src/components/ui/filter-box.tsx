import { useId, useState, type ReactNode } from 'react';
import { useDisclosure } from '../../lib/use-disclosure';
import './filter-box.css';

interface FilterBoxProps {
  /** The box's own class beside 'tracker-filters', e.g. 'request-filters'. */
  className: string;
  /** Shown above the filters at every width (a search field); none when absent. */
  search?: ReactNode;
  /**
   * How many filters differ from their defaults. Given, the filters fold on a phone behind one
   * 'Filters (n)' button; absent, they always show.
   */
  activeCount?: number;
  /** The filter and sort fields. */
  children: ReactNode;
}

/**
 * The search landmark, named 'Filter and sort', around a list's filters and sort (tracker,
 * roadmap). With `activeCount`, narrow screens show the filters behind a disclosure button that
 * says how many are set, so the list starts on the first screen; Escape inside the open filters
 * closes them and returns focus to the button. Wider screens show them inline.
 */
export function FilterBox({ className, search, activeCount, children }: FilterBoxProps) {
  const headingId = useId();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const { buttonRef: toggle, onPanelKeyDown } = useDisclosure({
    open,
    close: () => setOpen(false),
  });
  const foldable = activeCount !== undefined;

  return (
    <div className={`tracker-filters ${className}`} role="search" aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        Filter and sort
      </h2>
      {search}
      {foldable ? (
        <>
          <button
            ref={toggle}
            type="button"
            className="button button--secondary filter-box__toggle"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((shown) => !shown)}
          >
            Filters ({activeCount})
          </button>
          {/* Escape is a convenience for keyboard users; the button toggles it for everyone. */}
          {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
          <div
            id={panelId}
            className="filter-box__panel"
            data-open={open}
            onKeyDown={onPanelKeyDown}
          >
            {children}
          </div>
        </>
      ) : (
        children
      )}
    </div>
  );
}
