import { useHomepageProjects } from '../api/get-homepage-projects';
import type { MouseEvent } from 'react';
import { groupSectionId } from '../utils/project-links';
import './group-nav.css';

/** Widths of the placeholder buttons, about those of the usual group names. */
const PLACEHOLDER_WIDTHS = ['13.5rem', '11rem', '13rem', '12rem'];

/**
 * Holds the buttons' place while the data loads, so the page below does not jump down when they
 * arrive (the portfolio has four groups; each takes a row on a phone). Invisible to assistive
 * tech: the portfolio section announces the loading.
 */
function GroupNavPlaceholder() {
  return (
    <div className="group-nav group-nav--placeholder" aria-hidden="true">
      <ul className="group-nav__list">
        {PLACEHOLDER_WIDTHS.map((width) => (
          <li key={width} className="group-nav__placeholder" style={{ width }} />
        ))}
      </ul>
    </div>
  );
}

/**
 * Brings a group's section into view and moves focus to its heading, so keyboard and screen-reader
 * users continue from the group rather than from the button. The address keeps the group's anchor.
 */
function jumpToGroup(event: MouseEvent<HTMLAnchorElement>, sectionId: string) {
  const section = document.getElementById(sectionId);
  const heading = section?.querySelector<HTMLElement>('h3');
  if (!section || !heading) return;
  event.preventDefault();
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  section.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  heading.focus({ preventScroll: true });
  window.history.replaceState(window.history.state, '', `#${sectionId}`);
}

/**
 * One button per project group, scrolling to the group's section of the portfolio below. A placeholder
 * of the same size while the data loads; hidden when it failed: the portfolio section below
 * reports that state.
 */
export function GroupNav() {
  const { data, isPending } = useHomepageProjects();
  if (isPending) return <GroupNavPlaceholder />;
  const groups = data ? Object.entries(data.groups) : [];
  if (groups.length === 0) return null;
  return (
    <nav className="group-nav" aria-label="Project groups">
      <ul className="group-nav__list">
        {groups.map(([key, group]) => (
          <li key={key}>
            <a
              className="group-nav__button"
              href={`#${groupSectionId(key)}`}
              onClick={(event) => jumpToGroup(event, groupSectionId(key))}
            >
              {group.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
