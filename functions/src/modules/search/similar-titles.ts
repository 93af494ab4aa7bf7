import type { SubjectType } from '@hatchworks/shared/schemas/subjects';
import type { StoredSearchFields } from './documents';
import { querySearchIndex, searchWords, type SearchHit, type SearchIndex } from './search-index';

/**
 * English function words: they say nothing about what a request is about ("after a minute"), so
 * a title shares them with unrelated ones. Kept short and fixed, not a package: the similar-titles
 * route stays within its bundle budget.
 */
const STOP_WORDS = new Set(
  `a about above after again against all am an and any are as at be because been before being
  below between both but by can could did do does doing down during each few for from further had
  has have having he her here hers him his how i if in into is it its just me more most my no nor
  not now of off on once only or other our out over own same she should so some such than that the
  their them then there these they this those through to too under until up very was we were what
  when where which while who whom why will with would you your`.split(/\s+/),
);

/** The words of a typed title that say what it is about, as the index keeps them. */
export function contentWords(title: string): string[] {
  return [...new Set(searchWords(title))].filter((word) => !STOP_WORDS.has(word));
}

/**
 * How many of the title's content words a similar request must share (each typo-tolerant, as
 * search matches them): half of them, at least one. Measured on the seeded data
 * (functions/src/modules/search/README.md, "Similar titles"): a true neighbour shares two of three
 * words or more, while a title sharing one common word of several is noise.
 */
export const sharedWordsNeeded = (words: number): number => Math.max(1, Math.ceil(words / 2));

/**
 * The index's hits for a typed title, best first: any content word may match (ranked by how well
 * they all do), and only documents sharing `sharedWordsNeeded` of them are kept, so a list of
 * unrelated requests never shows; nothing when the title has no content word.
 */
export function similarHits(
  index: SearchIndex,
  title: string,
  type: SubjectType,
  accept: (hit: StoredSearchFields) => boolean,
): SearchHit[] {
  const words = contentWords(title);
  if (words.length === 0) return [];
  const hits = querySearchIndex(index, words.join(' '), [type], accept, 'OR');
  if (words.length === 1) return hits;
  const shared = new Map<string, number>();
  for (const word of words) {
    for (const hit of querySearchIndex(index, word, [type], accept, 'AND')) {
      shared.set(hit.id, (shared.get(hit.id) ?? 0) + 1);
    }
  }
  const needed = sharedWordsNeeded(words.length);
  return hits.filter((hit) => (shared.get(hit.id) ?? 0) >= needed);
}
