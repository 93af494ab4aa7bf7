import type { VoteDirection } from '@hatchworks/shared/schemas/tracker';

/** A count and the caller's own vote on it. */
export interface VoteTally {
  readonly votes: number;
  readonly myVote: VoteDirection | null;
}

/** The answer of the caller's last vote and the list's tally when it was cast. */
export interface VoteAnswer {
  readonly tally: VoteTally;
  readonly basis: VoteTally;
}

/**
 * What the vote buttons show: the last vote's answer while the list still says what it said when
 * the vote was cast (a reload may not have happened yet, or may have read an older copy); once the
 * list says something else, the list is newer and wins.
 */
export function shownTally(answer: VoteAnswer | null, fromList: VoteTally): VoteTally {
  if (answer && answer.basis.votes === fromList.votes && answer.basis.myVote === fromList.myVote) {
    return answer.tally;
  }
  return fromList;
}
