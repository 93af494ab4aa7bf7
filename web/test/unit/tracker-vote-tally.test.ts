import { describe, expect, it } from 'vitest';
import { shownTally } from '../../src/features/tracker/utils/vote-tally';

describe('Tracker vote buttons tally', () => {
  const list = { votes: 4, myVote: null } as const;

  it('shows the list before any vote', () => {
    // Prepare / Act
    const tally = shownTally(null, list);

    // Assess
    expect(tally).toEqual(list);
  });

  it("shows a vote's answer while the list still says what it said when the vote was cast", () => {
    // Prepare
    const answer = { tally: { votes: 5, myVote: 'up' }, basis: list } as const;

    // Act
    const tally = shownTally(answer, { votes: 4, myVote: null });

    // Assess
    expect(tally).toEqual({ votes: 5, myVote: 'up' });
  });

  it('lets the list win once it has changed, whether it agrees with the answer or not', () => {
    // Prepare
    const answer = { tally: { votes: 5, myVote: 'up' }, basis: list } as const;

    // Act
    const reloaded = shownTally(answer, { votes: 5, myVote: 'up' });
    const othersVoted = shownTally(answer, { votes: 9, myVote: 'up' });
    const sameCountOtherVote = shownTally(answer, { votes: 4, myVote: 'down' });

    // Assess
    expect(reloaded).toEqual({ votes: 5, myVote: 'up' });
    expect(othersVoted).toEqual({ votes: 9, myVote: 'up' });
    expect(sameCountOtherVote).toEqual({ votes: 4, myVote: 'down' });
  });
});
