import { describe, expect, it } from 'vitest';
import {
  TrackerFeatureRequestListQuerySchema,
  TrackerVoteInputSchema,
  parseTags,
} from '@hatchworks/shared/schemas/tracker';
import {
  ProjectSuggestionInputSchema,
  TrackerFeatureRequestInputSchema,
} from '@hatchworks/shared/schemas/tracker-submissions';

const firstMessage = (result: { error?: { issues: { message: string }[] } | undefined }) =>
  result.error?.issues[0]?.message;

describe('parseTags', () => {
  it('trims, drops empty tags and keeps the first spelling of duplicates', () => {
    expect(parseTags(' ui, performance ,, UI , mobile,  ')).toEqual([
      'ui',
      'performance',
      'mobile',
    ]);
    expect(parseTags('')).toEqual([]);
    expect(parseTags(['a, b', 'B'])).toEqual(['a', 'b']);
  });
});

describe('TrackerFeatureRequestInputSchema', () => {
  it("defaults category to 'Bug Fix', priority to 'Low', no project and no tags", () => {
    const parsed = TrackerFeatureRequestInputSchema.parse({
      title: ' Dark mode ',
      description: 'Please',
      category: '',
      project_id: '',
    });

    expect(parsed).toEqual({
      title: 'Dark mode',
      description: 'Please',
      category: 'Bug Fix',
      priority: 'Low',
      project_id: null,
      tags: [],
    });
  });

  it('answers "Title and description are required" for blank text', () => {
    expect(
      firstMessage(TrackerFeatureRequestInputSchema.safeParse({ title: ' ', description: 'x' })),
    ).toBe('Title and description are required');
  });

  it('caps the title at 255 characters and tags at 10 of 30 characters', () => {
    const base = { title: 'x'.repeat(255), description: 'd' };

    expect(TrackerFeatureRequestInputSchema.safeParse(base).success).toBe(true);
    expect(
      firstMessage(TrackerFeatureRequestInputSchema.safeParse({ ...base, title: 'x'.repeat(256) })),
    ).toBe('Title must be at most 255 characters');
    expect(
      firstMessage(
        TrackerFeatureRequestInputSchema.safeParse({
          ...base,
          tags: Array.from({ length: 11 }, (_, i) => `t${i}`).join(','),
        }),
      ),
    ).toBe('At most 10 tags');
    expect(
      firstMessage(TrackerFeatureRequestInputSchema.safeParse({ ...base, tags: 'y'.repeat(31) })),
    ).toBe('Each tag must be at most 30 characters');
  });
});

describe('ProjectSuggestionInputSchema', () => {
  it("defaults the group to 'Fiction Projects' and requires name, description and rationale", () => {
    expect(
      ProjectSuggestionInputSchema.parse({ name: 'n', description: 'd', rationale: 'r' }).group,
    ).toBe('Fiction Projects');
    expect(
      firstMessage(ProjectSuggestionInputSchema.safeParse({ name: 'n', description: 'd' })),
    ).toBe('Name, description and rationale are required');
  });
});

describe('TrackerFeatureRequestListQuerySchema', () => {
  it('sorts by votes, descending, 50 a page by default and treats empty filters as none', () => {
    expect(TrackerFeatureRequestListQuerySchema.parse({ status: '', priority: '' })).toEqual({
      sort_by: 'votes',
      sort_direction: 'desc',
      limit: 50,
    });
  });
});

describe('TrackerVoteInputSchema', () => {
  it('answers "Invalid vote" for an unknown direction', () => {
    expect(
      firstMessage(
        TrackerVoteInputSchema.safeParse({
          target_type: 'feature_request',
          target_id: 'x',
          direction: 'left',
        }),
      ),
    ).toBe('Invalid vote');
  });
});
