import { MERGE_LIMITS, MERGE_MESSAGES, type MergeStatus } from '@hatchworks/shared/schemas/merge';
import { ConflictError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import {
  cancellationCodes,
  retryOnConflict,
  transact,
  type TransactItem,
} from '../table/transactions';

/*
 * How a merge or an unmerge runs (merge-engine.ts): idempotent steps, each one conditional
 * transaction, until it is done or the request's time budget is used. See modules/votable/README.md.
 */

/** How a merge or an unmerge runs (the routes pass nothing; tests and the bench tune it). */
export interface MergeOptions {
  readonly now?: () => Date;
  /** Stop starting new steps after this long (the POST then answers 202). */
  readonly budgetMs?: number;
  /** Votes per move transaction (at most `MERGE_LIMITS.votesPerStep`). */
  readonly votesPerStep?: number;
  /** Called after every step that committed (the kill-midway tests print from here). */
  readonly afterStep?: (status: MergeStatus) => void | Promise<void>;
}

/** What a run of steps did: where the merge stands, and whether it is done. */
export interface MergeRun {
  readonly status: MergeStatus;
  readonly done: boolean;
}

/**
 * Steps in a row that found nothing they could do (a vote index that lags, or never lists some
 * votes) before answering 409.
 */
const MAX_STALLED_STEPS = 20;

/**
 * Steps in a row that lost their race before answering 409. A lost race means somebody else's
 * write landed (a vote on B, another run of the same merge): the merge goes on, across POSTs if the
 * time budget ends first, and only a run that never wins is given up.
 */
const MAX_LOST_STEPS = 200;

export const votesPerStep = (options: MergeOptions): number =>
  Math.max(
    1,
    Math.min(MERGE_LIMITS.votesPerStep, options.votesPerStep ?? MERGE_LIMITS.votesPerStep),
  );

/**
 * The pause after a step that changed nothing: a lost race, or a vote index (GSI1, eventually
 * consistent) still listing votes that have moved, or not yet listing one. Growing and jittered,
 * so an index that lags catches up (typically well under a second) before the run gives up; 20
 * stalled steps span about 3.5 s, inside one POST's time budget, so a merge that cannot go on
 * (votes the index will never list: tracker votes written before it, until the backfill) answers
 * 409 instead of 202 for ever.
 */
const idlePause = (idle: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.min(250, 25 * idle) * (0.5 + Math.random())));

/** Runs `items` as one transaction; false when a condition failed (someone moved first). */
export async function tryTransact(items: TransactItem[], what: string): Promise<boolean> {
  try {
    await retryOnConflict(() => transact(items));
    return true;
  } catch (error) {
    const codes = cancellationCodes(error);
    if (!codes) throw error;
    logger.debug('merge step lost a race; reading again', { what, codes });
    return false;
  }
}

export interface StepRun<State> {
  /**
   * Reads where things stand and takes the next step: true when its transaction committed, false
   * when it lost a race (nothing changed), `'stalled'` when it found nothing it could do yet (the
   * vote index has not caught up), `'finished'` when there was nothing left to do. It throws the
   * 4xx of a merge that may not go on.
   */
  readonly step: () => Promise<boolean | 'stalled' | 'finished'>;
  /** The merge's state record now (consistent). */
  readonly read: () => Promise<State | undefined>;
  /** Whether the run is over in this state (`merged` for a merge, `unmerged` for an unmerge). */
  readonly finished: (state: State) => boolean;
  /** The state as the API answers it. */
  readonly answer: (state: State) => Promise<MergeStatus>;
}

/**
 * Takes steps until the run is finished or `options.budgetMs` is used; safe to call again at any
 * time (after a crash, from two tabs at once), since every step is one conditional transaction.
 */
export async function runMergeSteps<State>(
  run: StepRun<State>,
  options: MergeOptions,
): Promise<MergeRun> {
  const deadline = Date.now() + (options.budgetMs ?? MERGE_LIMITS.timeBudgetMs);
  let stalled = 0;
  let lost = 0;
  for (;;) {
    const outcome = await run.step();
    if (outcome === true || outcome === 'finished') {
      stalled = 0;
      lost = 0;
      const state = await run.read();
      if (state && outcome === true && options.afterStep) {
        await options.afterStep(await run.answer(state));
      }
      if (state && run.finished(state)) return { status: await run.answer(state), done: true };
    } else {
      if (outcome === 'stalled') stalled += 1;
      else lost += 1;
      if (stalled >= MAX_STALLED_STEPS || lost >= MAX_LOST_STEPS) {
        throw new ConflictError(MERGE_MESSAGES.targetMovedOn);
      }
      await idlePause(Math.max(stalled, Math.min(lost, 10)));
    }
    if (Date.now() >= deadline) {
      const state = await run.read();
      if (!state) throw new ConflictError(MERGE_MESSAGES.targetMovedOn);
      return { status: await run.answer(state), done: run.finished(state) };
    }
  }
}
