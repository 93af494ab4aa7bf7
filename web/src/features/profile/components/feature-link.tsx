import { Link } from 'react-router-dom';
import type { Feature } from '@hatchworks/shared/schemas/features';
import { paths } from '../../../config/paths';

/** The screen that lists a project's feature requests, the closest thing to a request's page. */
export const projectFeaturesPath = (projectId: string) =>
  `${paths.featureRequests.path}?project=${encodeURIComponent(projectId)}`;

/** A feature request's title, linked to its project's feature requests. */
export function FeatureLink({ feature }: { feature: Pick<Feature, 'title' | 'project_id'> }) {
  return <Link to={projectFeaturesPath(feature.project_id)}>{feature.title}</Link>;
}
