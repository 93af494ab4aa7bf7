import { paths } from '../../config/paths';
import { ComingSoon } from './coming-soon';

export default function FeatureRequestsRoute() {
  return (
    <ComingSoon title={paths.featureRequests.title}>
      The feature requests filed against a single project.
    </ComingSoon>
  );
}
