import { useParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { SubjectPage } from '../../../features/comments/components/subject-page';
import { useProjectSuggestion } from '../../../features/tracker/api/get-item';
import { SuggestionCard } from '../../../features/tracker/components/suggestion-card';

/** `/tracker/suggestions/:id` (issue 12): one project suggestion and its discussion. */
export default function TrackerSuggestionDetailRoute() {
  const id = useParams().id ?? '';
  const suggestion = useProjectSuggestion(id);
  return (
    <SubjectPage
      noun="Project suggestion"
      back={{ href: paths.trackerSuggestions.path, label: 'All project suggestions' }}
      subject={{ type: 'tracker_suggestion', id }}
      state={
        suggestion.isPending
          ? { kind: 'loading' }
          : suggestion.isError
            ? { kind: 'error', error: suggestion.error, retry: () => void suggestion.refetch() }
            : { kind: 'ready', title: suggestion.data.name }
      }
    >
      {suggestion.data ? (
        <>
          <SuggestionCard suggestion={suggestion.data} onOwnPage />
        </>
      ) : null}
    </SubjectPage>
  );
}
