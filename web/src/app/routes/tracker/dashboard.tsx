import { paths } from '../../../config/paths';
import { ComingSoon } from '../coming-soon';

export default function TrackerDashboardRoute() {
  return (
    <ComingSoon title={paths.tracker.title}>
      Statistics, the most voted requests and recent activity across every project.
    </ComingSoon>
  );
}
