import { RoadmapPage } from '../../features/roadmap/components/roadmap-page';

export default function RoadmapRoute() {
  return <RoadmapPage />;
}
