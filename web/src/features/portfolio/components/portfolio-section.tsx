import { Link } from 'react-router-dom';
import { SITE_NAME } from '@hatchworks/shared/constants';
import { LoadingState } from '../../../components/ui/spinner';
import { useHomepageProjects } from '../api/get-homepage-projects';
import { ProjectGroupSection } from './project-group-section';
import './portfolio-section.css';

function PortfolioBody() {
  const { data, error, isPending, refetch, isFetching } = useHomepageProjects();

  if (isPending) return <LoadingState label={`Loading ${SITE_NAME} projects...`} />;

  if (error) {
    return (
      <div className="portfolio-error" role="alert">
        <p className="portfolio-error__message">
          {error.message ? `Error: ${error.message}` : 'Failed to load projects data'}
        </p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void refetch()}
          disabled={isFetching}
        >
          {isFetching ? 'Retrying…' : 'Try Again'}
        </button>
      </div>
    );
  }

  const groups = Object.entries(data.groups).filter(([, group]) => group.projects.length > 0);
  if (groups.length === 0) {
    return (
      <div className="portfolio-empty">
        <p className="portfolio-empty__title">No projects to show yet.</p>
        <p>
          The studio is still incubating its first experiments. Have an idea worth hatching?{' '}
          <Link to="/tracker/suggestions">Suggest a project</Link>.
        </p>
      </div>
    );
  }

  const projectCount = groups.reduce((sum, [, group]) => sum + group.projects.length, 0);
  return (
    <>
      <p className="portfolio__summary">
        {projectCount} {projectCount === 1 ? 'project' : 'projects'} in {groups.length}{' '}
        {groups.length === 1 ? 'group' : 'groups'}, newest ideas and long-running favourites alike.
      </p>
      <div className="portfolio-groups">
        {groups.map(([key, group]) => (
          <ProjectGroupSection key={key} groupKey={key} group={group} />
        ))}
      </div>
    </>
  );
}

/** 'Project Portfolio': every homepage project as cards, grouped. */
export function PortfolioSection() {
  return (
    <section className="portfolio" aria-labelledby="portfolio-title">
      <h2 id="portfolio-title">Project Portfolio</h2>
      <PortfolioBody />
    </section>
  );
}
