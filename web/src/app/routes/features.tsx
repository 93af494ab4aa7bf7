import { paths } from '../../config/paths';
import { ComingSoon } from './coming-soon';

export default function FeaturesRoute() {
  return (
    <ComingSoon title={paths.features.title}>
      Spend eggs to request features and boost the ones you want built first.
    </ComingSoon>
  );
}
