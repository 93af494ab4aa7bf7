import { describe, expect, it } from 'vitest';
import { CreateFeatureInputSchema, VoteInputSchema } from '@hatchworks/shared/schemas/features';

const valid = {
  title: 'CSV export',
  description: 'Export as CSV',
  feature_type: 'new_feature',
  project_id: 'p1',
};

const firstMessage = (result: { error?: { issues: { message: string }[] } | undefined }) =>
  result.error?.issues[0]?.message;

describe('CreateFeatureInputSchema', () => {
  it('trims title and tags, and defaults priority and tags', () => {
    const parsed = CreateFeatureInputSchema.parse({
      ...valid,
      title: '  CSV export ',
      tags: [' a ', 'b'],
    });

    expect(parsed).toMatchObject({
      title: 'CSV export',
      tags: ['a', 'b'],
      priority_level: 'medium',
    });
    expect(CreateFeatureInputSchema.parse(valid).tags).toEqual([]);
  });

  it('answers "Title and description are required" for blank or missing text', () => {
    expect(firstMessage(CreateFeatureInputSchema.safeParse({ ...valid, title: ' ' }))).toBe(
      'Title and description are required',
    );
    expect(
      firstMessage(CreateFeatureInputSchema.safeParse({ ...valid, description: undefined })),
    ).toBe('Title and description are required');
  });

  it('answers "Please select a project for this feature request" without a project', () => {
    expect(
      firstMessage(CreateFeatureInputSchema.safeParse({ ...valid, project_id: undefined })),
    ).toBe('Please select a project for this feature request');
  });

  it('refuses tags that repeat once trimmed', () => {
    const result = CreateFeatureInputSchema.safeParse({ ...valid, tags: ['ui', 'ui '] });

    expect(result.success).toBe(false);
  });
});

describe('VoteInputSchema', () => {
  it.each([0, -1, 1.5, '10'])('answers "Invalid egg amount" for %s', (eggs) => {
    const result = VoteInputSchema.safeParse({ feature_id: 'f', eggs_allocated: eggs });

    expect(firstMessage(result)).toBe('Invalid egg amount');
  });
});
