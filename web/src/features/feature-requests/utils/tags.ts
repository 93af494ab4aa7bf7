import { FEATURE_LIMITS } from '@hatchworks/shared/schemas/features';

/** Why a typed tag was not added (the same limits the API enforces, docs/api.md, "Bounds"). */
export const TAG_MESSAGES = {
  tooLong: `Tags must be at most ${FEATURE_LIMITS.tagMax} characters`,
  tooMany: `At most ${FEATURE_LIMITS.tagsMax} tags`,
} as const;

export interface TagsUpdate {
  /** The tags after adding what could be added. */
  readonly tags: string[];
  /** Why some typed text was left out; null when everything fitted (duplicates are silent). */
  readonly problem: string | null;
}

const sameTag = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

/**
 * Adds the comma-separated tags in `text` to `tags`: each is trimmed, empty ones
 * and duplicates (ignoring case) are dropped, and the API's length and count limits are kept.
 */
export function addTags(tags: readonly string[], text: string): TagsUpdate {
  const next = [...tags];
  let problem: string | null = null;
  for (const raw of text.split(',')) {
    const tag = raw.trim();
    if (tag === '' || next.some((existing) => sameTag(existing, tag))) continue;
    if (tag.length > FEATURE_LIMITS.tagMax) {
      problem = TAG_MESSAGES.tooLong;
    } else if (next.length >= FEATURE_LIMITS.tagsMax) {
      problem = TAG_MESSAGES.tooMany;
    } else {
      next.push(tag);
    }
  }
  return { tags: next, problem };
}

/** `tags` without `tag`. */
export function removeTag(tags: readonly string[], tag: string): string[] {
  return tags.filter((existing) => existing !== tag);
}
