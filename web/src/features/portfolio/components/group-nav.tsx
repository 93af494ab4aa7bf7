import { useHomepageProjects } from '../api/get-homepage-projects';
import { groupHref } from '../utils/project-links';
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
 * One button per project group, opening the group's first project. A placeholder
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
            <a className="group-nav__button" href={groupHref(group)}>
              {group.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
