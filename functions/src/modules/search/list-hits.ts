import type { SearchMatch } from '@hatchworks/shared/schemas/search';
import type { SubjectType } from '@hatchworks/shared/schemas/subjects';
import type { StoredSearchFields } from './documents';
import { querySearchIndex, searchWords, type SearchHit, type SearchIndex } from './search-index';
import { contentWords } from './similar-titles';

/** The ranked hits of a list's search and whether they match every word or only some. */
export interface ListHits {
  readonly hits: SearchHit[];
  readonly match: SearchMatch;
}

/**
 * A searched list's hits, best first: the documents matching every word of `q` (each
 * typo-tolerant, the last as a prefix); when none does and `q` has more than one word, the best
 * partial matches instead: any of its content words (function words such as "the" dropped, so
 * a request sharing only "the" is no match), ranked by MiniSearch's score, which sums each word's
 * score and multiplies it by the number of words matched, so requests matching more words come
 * first. `accept` (the list's filters and visibility) applies either way. Nothing found either
 * way is an empty 'all' (the list's usual empty state).
 *
 * `continuing` is the match of the page before (from the cursor): later pages go on through the
 * same result rather than switch when a request matching every word was written meanwhile.
 */
export function listHits(
  index: SearchIndex,
  q: string,
  type: SubjectType,
  accept: (hit: StoredSearchFields) => boolean,
  continuing?: SearchMatch,
): ListHits {
  if (continuing !== 'some') {
    const hits = querySearchIndex(index, q, [type], accept, 'AND');
    if (hits.length > 0 || continuing === 'all') return { hits, match: 'all' };
    // One word: any word is every word, and its search just found nothing.
    if (new Set(searchWords(q)).size < 2) return { hits, match: 'all' };
  }
  const words = contentWords(q);
  const hits =
    words.length > 0 ? querySearchIndex(index, words.join(' '), [type], accept, 'OR') : [];
  return hits.length > 0 || continuing === 'some'
    ? { hits, match: 'some' }
    : { hits, match: 'all' };
}
