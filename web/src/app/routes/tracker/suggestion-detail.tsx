import { useParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { CommentsSection } from '../../../features/comments/components/comments-section';
import { SubjectPage } from '../../../features/comments/components/subject-page';
import { TrackerMergeSection } from '../../../features/tracker/components/tracker-merge';
import { useProjectSuggestion } from '../../../features/tracker/api/get-item';
import { SuggestionCard } from '../../../features/tracker/components/suggestion-card';

/** `/tracker/suggestions/:id`: one project suggestion and its discussion. */
export default function TrackerSuggestionDetailRoute() {
  const id = useParams().id ?? '';
  const suggestion = useProjectSuggestion(id);
  return (
    <SubjectPage
      noun="Project suggestion"
      back={{ href: paths.trackerSuggestions.path, label: 'All project suggestions' }}
      subject={{ type: 'tracker_suggestion', id }}
      commentsClosed={
        suggestion.data?.merged_into
          ? `Comments are closed: this was merged into “${suggestion.data?.merged_into.title}”. Comment there.`
          : undefined
      }
      afterComments={(suggestion.data?.merged_from ?? []).map((from) => (
        <CommentsSection
          key={from.id}
          subject={{ type: 'tracker_suggestion', id: from.id }}
          title={`Comments merged from “${from.title}”`}
          closed={`Read-only: these comments were made on “${from.title}” before it was merged here.`}
        />
      ))}
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
          <TrackerMergeSection
            subject={{
              type: 'project_suggestion',
              id: suggestion.data.id,
              title: suggestion.data.name,
              votes: suggestion.data.votes,
              status: suggestion.data.status ?? 'Open',
              merged_into: suggestion.data.merged_into,
            }}
            mergedFrom={suggestion.data.merged_from}
          />
        </>
      ) : null}
    </SubjectPage>
  );
}
