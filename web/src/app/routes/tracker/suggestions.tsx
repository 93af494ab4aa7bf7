import { SuggestionPage } from '../../../features/tracker/components/suggestion-page';

export default function TrackerSuggestionsRoute() {
  return <SuggestionPage />;
}
