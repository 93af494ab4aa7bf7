import { VOTE } from '@hatchworks/shared/constants';

/** The quick amounts of the vote modal. */
export const QUICK_VOTE_AMOUNTS: readonly number[] = VOTE.quickAmounts;

/**
 * The amount is kept between 1 and the balance, whole eggs only. With no eggs at all the
 * range is empty; the amount stays at 1 and the vote is refused as 'Invalid egg amount'.
 */
export function clampVoteAmount(amount: number, balance: number): number {
  const whole = Number.isFinite(amount) ? Math.trunc(amount) : VOTE.minimum;
  return Math.min(Math.max(whole, VOTE.minimum), Math.max(balance, VOTE.minimum));
}

/** 10 eggs, or the whole balance when it is lower. */
export function defaultVoteAmount(balance: number): number {
  return clampVoteAmount(VOTE.defaultAmount, balance);
}

/**
 * What the amount field holds after the user typed `text`: empty while they clear it (so a new
 * number can be typed), otherwise the clamped whole number.
 */
export function voteAmountFromInput(text: string, balance: number): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? clampVoteAmount(value, balance) : null;
}

/** A vote needs more than 0 eggs and no more than the balance. */
export function isValidVoteAmount(amount: number | null, balance: number): amount is number {
  return amount !== null && Number.isInteger(amount) && amount > 0 && amount <= balance;
}

/** A quick amount can be picked only when the balance covers it. */
export function isQuickAmountAffordable(amount: number, balance: number): boolean {
  return amount <= balance;
}
