import { describe, expect, it } from 'vitest';
import {
  QUICK_VOTE_AMOUNTS,
  clampVoteAmount,
  defaultVoteAmount,
  isQuickAmountAffordable,
  isValidVoteAmount,
  voteAmountFromInput,
} from '../../src/features/feature-requests/utils/vote-amount';

describe('Vote amount', () => {
  it('offers the quick amounts 10, 25, 50 and 100', () => {
    // Prepare / Act / Assess
    expect(QUICK_VOTE_AMOUNTS).toEqual([10, 25, 50, 100]);
  });

  it('defaults to 10 eggs, or the whole balance when it is lower', () => {
    // Prepare / Act / Assess
    expect(defaultVoteAmount(500)).toBe(10);
    expect(defaultVoteAmount(10)).toBe(10);
    expect(defaultVoteAmount(7)).toBe(7);
  });

  it('clamps the amount between 1 and the balance', () => {
    // Prepare / Act / Assess
    expect(clampVoteAmount(0, 40)).toBe(1);
    expect(clampVoteAmount(-5, 40)).toBe(1);
    expect(clampVoteAmount(41, 40)).toBe(40);
    expect(clampVoteAmount(25, 40)).toBe(25);
  });

  it('keeps whole eggs only', () => {
    // Prepare / Act / Assess
    expect(clampVoteAmount(12.7, 40)).toBe(12);
    expect(clampVoteAmount(Number.NaN, 40)).toBe(1);
  });

  it('stays at 1 when the balance is 0, which the vote then refuses', () => {
    // Prepare
    const amount = clampVoteAmount(10, 0);

    // Act
    const valid = isValidVoteAmount(amount, 0);

    // Assess
    expect(amount).toBe(1);
    expect(valid).toBe(false);
  });

  it('reads typed text as a clamped amount, and an emptied field as no amount yet', () => {
    // Prepare / Act / Assess
    expect(voteAmountFromInput('0', 80)).toBe(1);
    expect(voteAmountFromInput('250', 80)).toBe(80);
    expect(voteAmountFromInput('33', 80)).toBe(33);
    expect(voteAmountFromInput('', 80)).toBeNull();
    expect(voteAmountFromInput('  ', 80)).toBeNull();
  });

  it('accepts amounts greater than 0 and no more than the balance only', () => {
    // Prepare / Act / Assess
    expect(isValidVoteAmount(1, 1)).toBe(true);
    expect(isValidVoteAmount(80, 80)).toBe(true);
    expect(isValidVoteAmount(81, 80)).toBe(false);
    expect(isValidVoteAmount(0, 80)).toBe(false);
    expect(isValidVoteAmount(null, 80)).toBe(false);
    expect(isValidVoteAmount(2.5, 80)).toBe(false);
  });

  it('disables quick amounts above the balance', () => {
    // Prepare
    const balance = 30;

    // Act
    const affordable = QUICK_VOTE_AMOUNTS.filter((amount) =>
      isQuickAmountAffordable(amount, balance),
    );

    // Assess
    expect(affordable).toEqual([10, 25]);
  });
});
