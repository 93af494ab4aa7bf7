import { paths } from '../../../config/paths';
import { ComingSoon } from '../coming-soon';

export default function TrackerRequestsRoute() {
  return (
    <ComingSoon title={paths.trackerRequests.title}>
      Browse, filter and submit feature requests for the studio&apos;s projects.
    </ComingSoon>
  );
}
