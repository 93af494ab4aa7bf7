import { useId } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { EggIcon, LightbulbIcon } from '../../../components/ui/icons';

/** The 'Contribute' panel: where to ask for a feature and where to suggest a project. */
export function DashboardContribute() {
  const headingId = useId();
  return (
    <section className="dashboard-contribute card dashboard-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="dashboard-panel__title">
        Contribute
      </h2>
      <p className="dashboard-contribute__text">
        Have an idea? Ask for a feature with eggs, or suggest a project the studio should build.
      </p>
      <div className="dashboard-contribute__links">
        <Link to={paths.features.path} className="button button--accent">
          <EggIcon /> Feature Requests
        </Link>
        <Link to={paths.trackerSuggestions.path} className="button button--secondary">
          <LightbulbIcon /> Suggest Project
        </Link>
      </div>
    </section>
  );
}
