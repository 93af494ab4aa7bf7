import { describe, expect, it } from 'vitest';
import type { FeatureStatus } from '@hatchworks/shared/schemas/features';
import {
  MERGE_MESSAGES,
  MergeInputSchema,
  unmergeAllowed,
  unmergeUntil,
} from '@hatchworks/shared/schemas/merge';
import { canTransition, projectCountDeltas } from '../../src/modules/features/feature-lifecycle';
import {
  checkMergeAllowed,
  checkUnmergeAllowed,
  mergeStatus,
  type StoredMerge,
} from '../../src/modules/votable/feature-kind';
import type { StoredFeature } from '../../src/modules/features/features-repository';

const DAY = 24 * 60 * 60 * 1000;
const mergedAt = '2026-01-01T12:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(mergedAt) + ms);

const feature = (status: FeatureStatus, extra: Partial<StoredFeature> = {}) =>
  ({ id: `f-${status}`, title: `A ${status} request`, status, ...extra }) as StoredFeature;

const record = (extra: Partial<StoredMerge> = {}): StoredMerge => ({
  from_id: 'a',
  into_id: 'b',
  from_title: 'A',
  into_title: 'B',
  state: 'merged',
  status_before_merge: 'approved',
  by: 'admin',
  started_at: mergedAt,
  merged_at: mergedAt,
  moved: 3,
  eggs_moved: 39,
  ...extra,
});

const message = (run: () => void) => {
  try {
    run();
    return undefined;
  } catch (error) {
    return [(error as { status: number }).status, (error as Error).message];
  }
};

describe('the 30 days of an unmerge', () => {
  it('allows an unmerge up to 30 days after the merge finished, and refuses it after', () => {
    expect(unmergeUntil(mergedAt).toISOString()).toBe('2026-01-31T12:00:00.000Z');
    expect(unmergeAllowed(mergedAt, at(30 * DAY))).toBe(true);
    expect(unmergeAllowed(mergedAt, at(30 * DAY + 1))).toBe(false);
    const b = feature('approved');
    expect(message(() => checkUnmergeAllowed(record(), b, at(29 * DAY)))).toBeUndefined();
    expect(message(() => checkUnmergeAllowed(record(), b, at(31 * DAY)))).toEqual([
      409,
      MERGE_MESSAGES.unmergeWindow,
    ]);
  });

  it('lets an unfinished merge be undone whenever, and refuses what cannot be undone', () => {
    const unfinished = record({ state: 'merging', merged_at: undefined });
    expect(message(() => checkUnmergeAllowed(unfinished, feature('approved'), at(90 * DAY)))).toBe(
      undefined,
    );
    expect(message(() => checkUnmergeAllowed(undefined, undefined, at(0)))).toEqual([
      409,
      MERGE_MESSAGES.notMerged,
    ]);
    expect(
      message(() => checkUnmergeAllowed(record({ state: 'unmerged' }), undefined, at(0))),
    ).toEqual([409, MERGE_MESSAGES.notMerged]);
    const mergedElsewhere = feature('merged', { title: 'B' });
    expect(message(() => checkUnmergeAllowed(record(), mergedElsewhere, at(DAY)))).toEqual([
      409,
      MERGE_MESSAGES.targetMergedSince('B'),
    ]);
  });

  it('answers until when a finished merge can be undone', () => {
    expect(mergeStatus(record(), 0)).toMatchObject({
      state: 'merged',
      remaining: 0,
      merged_at: mergedAt,
      unmerge_until: '2026-01-31T12:00:00.000Z',
    });
    expect(mergeStatus(record({ state: 'merging', merged_at: undefined }), 4)).toMatchObject({
      remaining: 4,
    });
  });
});

describe('which requests can be merged', () => {
  const now = at(0);
  it.each(['pending', 'approved'] as const)('merges a %s request', (status) => {
    expect(message(() => checkMergeAllowed(feature(status), feature('approved'), now))).toBe(
      undefined,
    );
  });

  it.each(['in_progress', 'completed', 'rejected'] as const)(
    'refuses to merge a %s request',
    (status) => {
      expect(message(() => checkMergeAllowed(feature(status), feature('approved'), now))).toEqual([
        409,
        MERGE_MESSAGES.sourceStatus,
      ]);
    },
  );

  it.each(['approved', 'in_progress', 'completed'] as const)('merges into a %s one', (status) => {
    expect(message(() => checkMergeAllowed(feature('approved'), feature(status), now))).toBe(
      undefined,
    );
  });

  it.each(['pending', 'rejected', 'merged'] as const)(
    'refuses to merge into a %s one',
    (status) => {
      expect(message(() => checkMergeAllowed(feature('approved'), feature(status), now))).toEqual([
        409,
        MERGE_MESSAGES.targetStatus,
      ]);
    },
  );

  it('refuses chains while a merge into the request can still be undone', () => {
    const holding = (entry: Record<string, string>) =>
      feature('approved', {
        merged_from: { c: { id: 'c', title: 'C', started_at: mergedAt, ...entry } },
      });
    const unfinished = holding({});
    const recent = holding({ merged_at: mergedAt });
    expect(message(() => checkMergeAllowed(unfinished, feature('approved'), at(40 * DAY)))).toEqual(
      [409, MERGE_MESSAGES.hasMergedFrom],
    );
    expect(message(() => checkMergeAllowed(recent, feature('approved'), at(DAY)))).toEqual([
      409,
      MERGE_MESSAGES.hasMergedFrom,
    ]);
    expect(message(() => checkMergeAllowed(recent, feature('approved'), at(31 * DAY)))).toBe(
      undefined,
    );
    expect(message(() => checkMergeAllowed(feature('approved'), undefined, now))).toEqual([
      404,
      MERGE_MESSAGES.intoNotFound,
    ]);
  });

  it('keeps merged out of the status changes and the open counts', () => {
    for (const from of ['pending', 'approved', 'in_progress', 'completed'] as const) {
      expect(canTransition(from, 'merged')).toBe(false);
      expect(canTransition('merged', from)).toBe(false);
    }
    expect(projectCountDeltas('approved', 'merged')).toEqual({ total: -1, open: -1, completed: 0 });
    expect(projectCountDeltas('merged', 'pending')).toEqual({ total: 1, open: 1, completed: 0 });
  });

  it('validates the body', () => {
    expect(MergeInputSchema.safeParse({ into_id: '  b  ' })).toMatchObject({
      success: true,
      data: { into_id: 'b' },
    });
    expect(MergeInputSchema.safeParse({}).error?.issues[0]?.message).toBe('into_id is required');
    expect(MergeInputSchema.safeParse({ into_id: ' ' }).error?.issues[0]?.message).toBe(
      'into_id is required',
    );
  });
});
