import { useParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { SubjectPage } from '../../../features/comments/components/subject-page';
import { useTrackerRequest } from '../../../features/tracker/api/get-item';
import { RequestCard } from '../../../features/tracker/components/request-card';

/** `/tracker/requests/:id` (issue 12): one tracker request and its discussion. */
export default function TrackerRequestDetailRoute() {
  const id = useParams().id ?? '';
  const request = useTrackerRequest(id);
  return (
    <SubjectPage
      noun="Feature request"
      back={{ href: paths.trackerRequests.path, label: 'All feature requests' }}
      subject={{ type: 'tracker_request', id }}
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
        </>
      ) : null}
    </SubjectPage>
  );
}
