import { paths } from '../../../config/paths';
import { ComingSoon } from '../coming-soon';

export default function TrackerSuggestionsRoute() {
  return (
    <ComingSoon title={paths.trackerSuggestions.title}>
      Suggest a project the studio should build next, and see what others have suggested.
    </ComingSoon>
  );
}
