import { FeaturesPage } from '../../features/feature-requests/components/features-page';

export default function FeaturesRoute() {
  return <FeaturesPage />;
}
