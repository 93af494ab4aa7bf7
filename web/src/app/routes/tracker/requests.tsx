import { RequestsPage } from '../../../features/tracker/components/requests-page';

export default function TrackerRequestsRoute() {
  return <RequestsPage />;
}
