import { REQUEST_PAGE } from '../../../features/tracker/components/request-card';
import { TrackerDetail } from '../../tracker-detail';

/** `/tracker/requests/:id`: one tracker request and its discussion. */
export default function TrackerRequestDetailRoute() {
  return <TrackerDetail kind={REQUEST_PAGE} />;
}
