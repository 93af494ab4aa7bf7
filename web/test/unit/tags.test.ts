import { describe, expect, it } from 'vitest';
import { FEATURE_LIMITS } from '@hatchworks/shared/schemas/features';
import { TAG_MESSAGES, addTags, removeTag } from '../../src/features/feature-requests/utils/tags';

describe('Tags of a feature request (trimmed, non-empty, unique)', () => {
  it('adds a trimmed tag', () => {
    // Prepare / Act
    const update = addTags(['ui'], '  mobile  ');

    // Assess
    expect(update).toEqual({ tags: ['ui', 'mobile'], problem: null });
  });

  it('ignores empty text and duplicates, whatever their case', () => {
    // Prepare / Act / Assess
    expect(addTags(['ui'], '   ').tags).toEqual(['ui']);
    expect(addTags(['ui'], 'ui').tags).toEqual(['ui']);
    expect(addTags(['ui'], ' UI ')).toEqual({ tags: ['ui'], problem: null });
  });

  it('splits comma-separated text into several tags', () => {
    // Prepare / Act
    const update = addTags([], 'ui, performance,,mobile, ui');

    // Assess
    expect(update.tags).toEqual(['ui', 'performance', 'mobile']);
  });

  it(`refuses a tag longer than ${FEATURE_LIMITS.tagMax} characters and says why`, () => {
    // Prepare
    const long = 'x'.repeat(FEATURE_LIMITS.tagMax + 1);

    // Act
    const update = addTags(['ui'], `${long}, ok`);

    // Assess
    expect(update).toEqual({ tags: ['ui', 'ok'], problem: TAG_MESSAGES.tooLong });
  });

  it(`keeps at most ${FEATURE_LIMITS.tagsMax} tags and says why`, () => {
    // Prepare
    const full = Array.from({ length: FEATURE_LIMITS.tagsMax }, (_, index) => `tag${index}`);

    // Act
    const update = addTags(full, 'one-more');

    // Assess
    expect(update.tags).toEqual(full);
    expect(update.problem).toBe(`At most ${FEATURE_LIMITS.tagsMax} tags`);
  });

  it('removes exactly the named tag', () => {
    // Prepare / Act / Assess
    expect(removeTag(['ui', 'mobile', 'csv'], 'mobile')).toEqual(['ui', 'csv']);
  });
});
