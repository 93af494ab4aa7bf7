import { describe, expect, it } from 'vitest';
import type { MergeStatus } from '@hatchworks/shared/schemas/merge';
import { progressText } from '../../src/components/votable/merge-progress';

const status = (fields: Partial<MergeStatus>): MergeStatus => ({
  from_id: 'a',
  into_id: 'b',
  from_title: 'A',
  into_title: 'B',
  state: 'merging',
  moved: 0,
  remaining: null,
  eggs_moved: 0,
  ...fields,
});

describe('The progress of a merge', () => {
  it('counts the votes moved of all to move while the server answers that steps remain', () => {
    // Prepare
    const answers = [
      null,
      status({ moved: 15, remaining: 30 }),
      status({ moved: 15, remaining: null }),
      status({ state: 'merged', moved: 45, remaining: 0 }),
    ];

    // Act
    const texts = answers.map((answer) => progressText(answer, false));

    // Assess
    expect(texts).toEqual([
      'Moving votes...',
      'Moving votes: 15 of 45 votes moved...',
      'Moving votes: 15 votes so far...',
      'Merged: 45 votes moved.',
    ]);
  });

  it('counts the votes still to put back while an unmerge runs', () => {
    // Prepare
    const answers = [
      status({ state: 'unmerging', moved: 30, remaining: 30 }),
      status({ state: 'unmerged', moved: 0, remaining: 0 }),
    ];

    // Act
    const texts = answers.map((answer) => progressText(answer, true));

    // Assess
    expect(texts).toEqual([
      'Putting votes back: 30 votes to go...',
      'Merge undone: every vote is back.',
    ]);
  });
});
