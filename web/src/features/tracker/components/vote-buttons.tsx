import { useState } from 'react';
import { FALLBACK_MESSAGES } from '@hatchworks/shared/errors';
import type { VoteDirection, VoteTargetType } from '@hatchworks/shared/schemas/tracker';
import { formErrorMessage } from '../../../lib/api-error';
import { useTrackerVote } from '../api/vote';
import { shownTally, type VoteAnswer, type VoteTally } from '../utils/vote-tally';
import './vote-buttons.css';
import { formatCount } from '../../../lib/format';
import { useToast } from '../../../components/ui/toast';

interface VoteButtonsProps {
  targetType: VoteTargetType;
  targetId: string;
  /** The count as the list answered it (up minus down votes). */
  votes: number;
  /** The item's title or name, for the buttons' names ('Upvote <title>'). */
  label: string;
  /** The caller's own vote as the list answered it; shown as the pressed button. */
  myVote?: VoteDirection | null;
}

/** Each button's name prefix and arrow. */
const VOTE_BUTTON = {
  up: { name: 'Upvote', arrow: 'M10 4 3 12h4.5v4h5v-4H17z' },
  down: { name: 'Downvote', arrow: 'M10 16 3 8h4.5V4h5v4H17z' },
} as const satisfies Record<VoteDirection, { name: string; arrow: string }>;

interface VoteButtonProps {
  direction: VoteDirection;
  label: string;
  /** Whether this is the caller's vote. */
  pressed: boolean;
  pending: boolean;
  onVote: (direction: VoteDirection) => void;
}

/** One vote button: pressed when it is the caller's vote, busy while a vote is on its way. */
function VoteButton({ direction, label, pressed, pending, onVote }: VoteButtonProps) {
  const { name, arrow } = VOTE_BUTTON[direction];
  return (
    <button
      type="button"
      className={`vote-buttons__button vote-buttons__button--${direction}`}
      aria-label={`${name} ${label}`}
      aria-pressed={pressed}
      aria-disabled={pending || undefined}
      onClick={() => onVote(direction)}
    >
      <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <path d={arrow} />
      </svg>
    </button>
  );
}

/** The toast after a vote: what the caller's vote is now, on what, and the new count. */
export function voteMessage(myVote: VoteDirection | null, label: string, votes: number): string {
  const count = `${formatCount(votes)} ${Math.abs(votes) === 1 ? 'vote' : 'votes'}`;
  if (myVote === null) return `Vote removed from “${label}”: ${count}`;
  return `${myVote === 'up' ? 'Upvote' : 'Downvote'} recorded on “${label}”: ${count}`;
}

/**
 * Up and down vote buttons with the count between them. The answer of a vote updates the count at
 * once; when the list reloads with newer numbers, those win. A refused vote (e.g. the 429 of the
 * rate limit) shows the server's message under the buttons; a recorded one answers with a toast.
 */
export function VoteButtons({
  targetType,
  targetId,
  votes,
  label,
  myVote = null,
}: VoteButtonsProps) {
  const vote = useTrackerVote();
  const showToast = useToast();
  // The last answer and the list values it was based on: once the list changes, the list wins.
  const [answer, setAnswer] = useState<VoteAnswer | null>(null);
  const fromList: VoteTally = { votes, myVote };
  const tally = shownTally(answer, fromList);

  const cast = (direction: VoteDirection) => {
    if (vote.isPending) return;
    vote.mutate(
      { target_type: targetType, target_id: targetId, direction },
      {
        onSuccess: (result) => {
          setAnswer({ tally: { votes: result.votes, myVote: result.my_vote }, basis: fromList });
          showToast({ message: voteMessage(result.my_vote, label, result.votes) });
        },
      },
    );
  };

  const error = vote.error ? formErrorMessage(vote.error, FALLBACK_MESSAGES.recordVote) : null;

  return (
    <div className="vote-buttons">
      <div className="vote-buttons__controls" role="group" aria-label={`Votes on ${label}`}>
        <VoteButton
          direction="up"
          label={label}
          pressed={tally.myVote === 'up'}
          pending={vote.isPending}
          onVote={cast}
        />
        <output className="vote-buttons__count" aria-live="polite">
          {formatCount(tally.votes)}
          <span className="visually-hidden">
            {Math.abs(tally.votes) === 1 ? ' vote' : ' votes'}
          </span>
        </output>
        <VoteButton
          direction="down"
          label={label}
          pressed={tally.myVote === 'down'}
          pending={vote.isPending}
          onVote={cast}
        />
      </div>
      {error ? (
        <p className="vote-buttons__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
