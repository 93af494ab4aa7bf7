import { useId } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { EggIcon, LightbulbIcon } from '../../../components/ui/icons';

/**
 * The 'Contribute' panel: where to ask for a feature and where to suggest a project. 'Feature
 * Requests' opens the egg board, not this tracker's list, so a line under each link says where
 * it leads.
 */
export function DashboardContribute() {
  const headingId = useId();
  const id = useId();
  return (
    <section className="dashboard-contribute card dashboard-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="dashboard-panel__title">
        Contribute
      </h2>
      <p className="dashboard-contribute__text">
        Have an idea? Ask for a feature with eggs, or suggest a project the studio should build.
      </p>
      <ul className="dashboard-contribute__links">
        <li>
          <Link
            to={paths.features.path}
            className="button button--accent"
            aria-describedby={`${id}-features`}
          >
            <EggIcon /> Feature Requests
          </Link>
          <p id={`${id}-features`} className="dashboard-contribute__hint">
            The egg board: spend eggs to request a feature and back others. Counted there, not in
            the tiles above.
          </p>
        </li>
        <li>
          <Link
            to={paths.trackerSuggestions.path}
            className="button button--secondary"
            aria-describedby={`${id}-suggestions`}
          >
            <LightbulbIcon /> Suggest Project
          </Link>
          <p id={`${id}-suggestions`} className="dashboard-contribute__hint">
            Project suggestions: propose something new for the studio to build.
          </p>
        </li>
      </ul>
    </section>
  );
}
