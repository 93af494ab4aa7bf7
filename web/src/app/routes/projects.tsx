import { ManageProjects } from '../../features/projects/components/manage-projects';

export default function ManageProjectsRoute() {
  return <ManageProjects />;
}
