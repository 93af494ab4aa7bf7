import { FALLBACK_MESSAGES } from '@hatchworks/shared/errors';
import type { ProjectSuggestion } from '@hatchworks/shared/schemas/tracker';
import { LightbulbIcon } from '../../../components/ui/icons';
import type { VotableListKind } from '../../../components/votable/votable-list';
import { useSuggestionList } from '../api/list-suggestions';
import type { SuggestionView } from '../utils/suggestion-view';
import { SuggestionCard } from './suggestion-card';

/** The project suggestions' list (loading text and error prefix as on the requests page). */
export const SUGGESTION_LIST: VotableListKind<SuggestionView, ProjectSuggestion> = {
  className: 'suggestion-list',
  text: {
    heading: 'Project suggestions',
    loading: 'Loading project suggestions...',
    error: (message) => `Error loading project suggestions: ${message}`,
    empty: 'No project suggestions found.',
    emptyIcon: <LightbulbIcon />,
    emptyAction: 'Suggest the first project!',
    loadMore: 'Load More Suggestions',
  },
  matchingHeading: 'Matching project suggestions',
  searchNoun: 'suggestions',
  fallbackMessage: FALLBACK_MESSAGES.fetchProjectSuggestions,
  busyWhileFetching: true,
  useItems: function useItems(view) {
    const list = useSuggestionList(view);
    const pages = list.data?.pages ?? [];
    return { list, items: pages.flatMap((page) => page.suggestions), match: pages[0]?.match };
  },
  renderItem: (suggestion) => <SuggestionCard suggestion={suggestion} />,
};
