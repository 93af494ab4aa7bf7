import { useHomepageProjects } from '../api/get-homepage-projects';
import { groupHref } from '../utils/project-links';
import './group-nav.css';

/**
 * One button per project group, opening the group's first project (spec 2, Home). Hidden while
 * the data loads or failed: the portfolio section below reports that state.
 */
export function GroupNav() {
  const { data } = useHomepageProjects();
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
