import { FALLBACK_MESSAGES } from '@hatchworks/shared/errors';
import { TRACKER_STATUSES } from '@hatchworks/shared/schemas/tracker';
import { Badge } from '../../../components/ui/badge';
import { SimilarRequests } from '../../../components/ui/similar-requests';
import { useTrackerUpvote } from '../api/vote';
import { TRACKER_STATUS_TONES } from '../utils/request-labels';

interface TrackerSimilarProps {
  type: 'tracker_request' | 'tracker_suggestion';
  /** The title (or name) typed so far. */
  title: string;
  /** After 'Vote on this instead' counted: the form closes and the page thanks the voter. */
  onVoted: (title: string) => void;
}

/** A similar item's status as the tracker lists badge it. */
function TrackerStatusBadge({ status }: { status: string }) {
  const known = TRACKER_STATUSES.find((each) => each === status);
  return <Badge tone={known ? TRACKER_STATUS_TONES[known] : 'other'}>{status}</Badge>;
}

/**
 * Similar requests or suggestions under the title of a tracker submit form; 'Vote on
 * this instead' upvotes the existing one (an upvote already there stays).
 */
export function TrackerSimilar({ type, title, onVoted }: TrackerSimilarProps) {
  const upvote = useTrackerUpvote();
  return (
    <SimilarRequests
      type={type}
      title={title}
      renderStatus={(item) => <TrackerStatusBadge status={item.status} />}
      canVote={() => true}
      onVoteInstead={async (item) => {
        await upvote.mutateAsync({
          target_type: type === 'tracker_request' ? 'feature_request' : 'project_suggestion',
          target_id: item.id,
        });
        onVoted(item.title);
      }}
      voteFallback={FALLBACK_MESSAGES.recordVote}
    />
  );
}

/**
 * The similar items of a submit dialog's `similar` slot: after 'Vote on this instead' counted,
 * `onVotedInstead` learns the item's title and the dialog closes.
 */
export const similarSlot =
  (type: TrackerSimilarProps['type'], onVotedInstead: (title: string) => void) =>
  (title: string, close: () => void) => (
    <TrackerSimilar
      type={type}
      title={title}
      onVoted={(voted) => {
        onVotedInstead(voted);
        close();
      }}
    />
  );
