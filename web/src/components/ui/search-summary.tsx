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
}

/** '3 results for “dark mode”', '20+ results …', 'No results …', or 'Searching...'. */
export function searchSummaryText({
  query,
  shown,
  more,
  failed = false,
}: SearchSummaryProps): string {
  if (!query) return '';
  if (failed) return `Search for “${query}” failed.`;
  if (shown === null) return 'Searching...';
  if (shown === 0 && !more) return `No results for “${query}”.`;
  const count = `${shown}${more ? '+' : ''}`;
  return `${count} ${shown === 1 && !more ? 'result' : 'results'} for “${query}”, sorted by relevance.`;
}

/**
 * The line above a searched list: how many results, and that they are sorted by
 * relevance. A polite live region, present while the page is, so each new result count is read
 * out after the typing pauses.
 */
export function SearchSummary(props: SearchSummaryProps) {
  const text = searchSummaryText(props);
  return (
    <p className="search-summary" role="status">
      {text}
    </p>
  );
}
