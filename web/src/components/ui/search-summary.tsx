import type { SearchMatch } from '@hatchworks/shared/schemas/search';
import './search-box.css';

interface SearchSummaryProps {
  /** The term searched for; nothing is said without one. */
  query: string | undefined;
  /** How many results are shown, or null while the first page loads. */
  shown: number | null;
  /** Whether more pages of results remain ('20+ results'). */
  more: boolean;
  /** Whether the results failed to load (the list says why). */
  failed?: boolean;
  /**
   * 'some' when no item matched every word and the results are the closest partial matches
   * (the answer's `match`); 'all' or undefined otherwise.
   */
  match?: SearchMatch | undefined;
  /** What the list holds, for the note on partial matches, e.g. 'requests'. */
  noun?: string;
}

/**
 * The summary's text: '3 results for “dark”, sorted by relevance.', '20+ results …',
 * 'No results …', 'Searching...', or, for partial matches (`partial`), 'No requests match every
 * word of “csv zebra”; showing the 2 closest matches.'
 */
export function searchSummary({
  query,
  shown,
  more,
  failed = false,
  match,
  noun = 'results',
}: SearchSummaryProps): { text: string; partial: boolean } {
  const plain = (text: string) => ({ text, partial: false });
  if (!query) return plain('');
  if (failed) return plain(`Search for “${query}” failed.`);
  if (shown === null) return plain('Searching...');
  if (shown === 0 && !more) return plain(`No results for “${query}”.`);
  const count = `${shown}${more ? '+' : ''}`;
  if (match === 'some') {
    const closest = shown === 1 && !more ? 'the closest match' : `the ${count} closest matches`;
    return {
      text: `No ${noun} match every word of “${query}”; showing ${closest}.`,
      partial: true,
    };
  }
  return plain(
    `${count} ${shown === 1 && !more ? 'result' : 'results'} for “${query}”, sorted by relevance.`,
  );
}

export const searchSummaryText = (props: SearchSummaryProps): string => searchSummary(props).text;

/**
 * The line above a searched list: how many results, and that they are sorted by relevance; when
 * no item has every word, that these are the closest matches instead (set off as a note). One
 * polite live region, present while the page is, so each new result count, or the note, is read
 * out once after the typing pauses.
 */
export function SearchSummary(props: SearchSummaryProps) {
  const { text, partial } = searchSummary(props);
  return (
    <p
      className={partial ? 'search-summary search-summary--partial' : 'search-summary'}
      role="status"
    >
      {text}
    </p>
  );
}
