import { paths } from '../../config/paths';
import { ComingSoon } from './coming-soon';

export default function ManageProjectsRoute() {
  return (
    <ComingSoon title={paths.projects.title}>
      Where administrators add, edit and retire the projects shown in the portfolio.
    </ComingSoon>
  );
}
