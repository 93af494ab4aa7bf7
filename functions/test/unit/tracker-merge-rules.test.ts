import { describe, expect, it } from 'vitest';
import {
  MERGE_MESSAGES,
  TRACKER_MERGE_MESSAGES,
  TrackerMergeInputSchema,
} from '@hatchworks/shared/schemas/merge';
import {
  checkTrackerMergeAllowed,
  checkTrackerUnmergeAllowed,
  trackerMergeStatus,
  type StoredTrackerMerge,
} from '../../src/modules/votable/tracker-kind';

/*
 * The rules of merging tracker records and of undoing a merge, without a
 * table (the 30-day window needs a clock the HTTP tests cannot move).
 */

const DAY = 24 * 60 * 60 * 1000;
const mergedAt = '2026-01-01T12:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(mergedAt) + ms);

const request = (status: string, extra: Record<string, unknown> = {}) => ({
  id: `r-${status}`,
  title: `A ${status} request`,
  votes: 3,
  status,
  ...extra,
});

const record = (extra: Partial<StoredTrackerMerge> = {}): StoredTrackerMerge => ({
  type: 'feature_request',
  from_id: 'a',
  into_id: 'b',
  from_title: 'A',
  into_title: 'B',
  state: 'merged',
  by: 'admin',
  started_at: mergedAt,
  merged_at: mergedAt,
  moved: 3,
  net_moved: 1,
  ...extra,
});

const message = (run: () => void) => {
  try {
    run();
    return 'allowed';
  } catch (error) {
    return (error as Error).message;
  }
};

describe('tracker merge rules', () => {
  it('merges an open record into any record that is neither closed nor merged', () => {
    const now = at(0);
    const allow = (from: Record<string, unknown>, into: object | undefined) =>
      message(() =>
        checkTrackerMergeAllowed('feature_request', request('Open', from), into as never, now),
      );
    for (const status of ['Open', 'Planned', 'In Progress', 'Completed']) {
      expect(allow({}, request(status))).toBe('allowed');
    }
    expect(allow({}, request('Closed'))).toBe(TRACKER_MERGE_MESSAGES.targetStatus);
    expect(allow({}, undefined)).toBe(MERGE_MESSAGES.intoNotFound);
    expect(allow({}, request('Open', { merged_into: { id: 'c', title: 'C' } }))).toBe(
      TRACKER_MERGE_MESSAGES.targetMerged('A Open request'),
    );
    expect(allow({ merged_into: { id: 'c', title: 'C' } }, request('Open'))).toBe(
      MERGE_MESSAGES.alreadyMerged('C'),
    );
    // A record holding a merge that can still be undone may not go itself (no chains).
    const holding = {
      merged_from: [{ id: 'x', title: 'X', started_at: mergedAt, merged_at: mergedAt }],
    };
    expect(allow(holding, request('Open'))).toBe(MERGE_MESSAGES.hasMergedFrom);
    expect(
      message(() =>
        checkTrackerMergeAllowed(
          'feature_request',
          request('Open', holding),
          request('Open'),
          at(31 * DAY),
        ),
      ),
    ).toBe('allowed');
    for (const status of ['Planned', 'In Progress', 'Completed', 'Closed']) {
      expect(
        message(() =>
          checkTrackerMergeAllowed('feature_request', request(status), request('Open'), now),
        ),
      ).toBe(TRACKER_MERGE_MESSAGES.sourceStatus);
    }
  });

  it('undoes a merge within 30 days of merged_at, unless B was merged since', () => {
    const undo = (
      extra: Partial<StoredTrackerMerge> | undefined,
      when: Date,
      into = request('Open'),
    ) =>
      message(() =>
        checkTrackerUnmergeAllowed(extra === undefined ? undefined : record(extra), into, when),
      );
    expect(undo({}, at(30 * DAY))).toBe('allowed');
    expect(undo({}, at(30 * DAY + 1))).toBe(MERGE_MESSAGES.unmergeWindow);
    expect(undo(undefined, at(0))).toBe(MERGE_MESSAGES.notMerged);
    expect(undo({ state: 'unmerged' }, at(0))).toBe(MERGE_MESSAGES.notMerged);
    // A stopped merge can always be undone (it never finished).
    expect(undo({ state: 'merging', merged_at: undefined }, at(90 * DAY))).toBe('allowed');
    expect(undo({}, at(0), request('Open', { merged_into: { id: 'c', title: 'C' } }))).toBe(
      MERGE_MESSAGES.targetMergedSince('B'),
    );
  });

  it('answers the feature merge status shape, with no eggs', () => {
    expect(trackerMergeStatus(record(), 0)).toEqual({
      from_id: 'a',
      into_id: 'b',
      from_title: 'A',
      into_title: 'B',
      state: 'merged',
      moved: 3,
      remaining: 0,
      eggs_moved: 0,
      merged_at: mergedAt,
      unmerge_until: at(30 * DAY).toISOString(),
    });
  });

  it('validates the route body', () => {
    const parse = (body: unknown) => TrackerMergeInputSchema.safeParse(body);
    expect(
      parse({ type: 'feature_request', action: 'merge', from_id: 'a', into_id: 'b' }).success,
    ).toBe(true);
    expect(parse({ type: 'feature', action: 'merge', from_id: 'a' }).success).toBe(false);
    expect(parse({ type: 'project_suggestion', action: 'split', from_id: 'a' }).success).toBe(
      false,
    );
    expect(parse({ type: 'project_suggestion', action: 'status', from_id: ' ' }).success).toBe(
      false,
    );
  });
});
