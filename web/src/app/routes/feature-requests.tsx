import { useSearchParams } from 'react-router-dom';
import { FALLBACK_MESSAGES } from '@hatchworks/shared/errors';
import {
  ProjectFeaturesPage,
  type ProjectLookup,
} from '../../features/feature-requests/components/project-features-page';
import { useAllProjects } from '../../lib/api/list-projects';

/** The `project` query parameter names the project (Manage Projects' 'View Features →'). */
const PROJECT_PARAM = 'project';

/**
 * `/feature-requests?project={id}`: the app finds the project in the projects list (the projects
 * feature's cached query) and hands it to the feature-requests screen.
 */
export default function FeatureRequestsRoute() {
  const [params] = useSearchParams();
  const projectId = params.get(PROJECT_PARAM)?.trim() || null;
  const projects = useAllProjects({ enabled: projectId !== null });

  let lookup: ProjectLookup;
  if (projects.isPending) {
    lookup = { status: 'loading' };
  } else if (projects.isError) {
    lookup = {
      status: 'error',
      message: projects.error.message || FALLBACK_MESSAGES.fetchProjects,
      retry: () => void projects.refetch(),
      retrying: projects.isFetching,
    };
  } else {
    const project = projects.data.find((candidate) => candidate.id === projectId);
    lookup = project ? { status: 'found', project } : { status: 'unknown' };
  }

  return <ProjectFeaturesPage projectId={projectId} lookup={lookup} />;
}
