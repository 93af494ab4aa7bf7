import { SUGGESTION_PAGE } from '../../../features/tracker/components/suggestion-card';
import { TrackerDetail } from '../../tracker-detail';

/** `/tracker/suggestions/:id`: one project suggestion and its discussion. */
export default function TrackerSuggestionDetailRoute() {
  return <TrackerDetail kind={SUGGESTION_PAGE} />;
}
