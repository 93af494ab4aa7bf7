import { useParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { CommentsSection } from '../../../features/comments/components/comments-section';
import { SubjectPage } from '../../../features/comments/components/subject-page';
import { TrackerMergeSection } from '../../../features/tracker/components/tracker-merge';
import { useTrackerRequest } from '../../../features/tracker/api/get-item';
import { RequestCard } from '../../../features/tracker/components/request-card';

/** `/tracker/requests/:id`: one tracker request and its discussion. */
export default function TrackerRequestDetailRoute() {
  const id = useParams().id ?? '';
  const request = useTrackerRequest(id);
  return (
    <SubjectPage
      noun="Feature request"
      back={{ href: paths.trackerRequests.path, label: 'All feature requests' }}
      subject={{ type: 'tracker_request', id }}
      commentsClosed={
        request.data?.merged_into
          ? `Comments are closed: this was merged into “${request.data?.merged_into.title}”. Comment there.`
          : undefined
      }
      afterComments={(request.data?.merged_from ?? []).map((from) => (
        <CommentsSection
          key={from.id}
          subject={{ type: 'tracker_request', id: from.id }}
          title={`Comments merged from “${from.title}”`}
          closed={`Read-only: these comments were made on “${from.title}” before it was merged here.`}
        />
      ))}
      state={
        request.isPending
          ? { kind: 'loading' }
          : request.isError
            ? { kind: 'error', error: request.error, retry: () => void request.refetch() }
            : { kind: 'ready', title: request.data.title }
      }
    >
      {request.data ? (
        <>
          <RequestCard request={request.data} onOwnPage />
          <TrackerMergeSection
            subject={{
              type: 'feature_request',
              id: request.data.id,
              title: request.data.title,
              votes: request.data.votes,
              status: request.data.status ?? 'Open',
              merged_into: request.data.merged_into,
            }}
            mergedFrom={request.data.merged_from}
          />
        </>
      ) : null}
    </SubjectPage>
  );
}
