import { describe, expect, it } from 'vitest';
import { searchSummaryText } from '../../src/components/ui/search-summary';
import {
  SEARCH_QUERY_MAX,
  noMatchText,
  normalizeSearchQuery,
  parseSearchQuery,
  similarQuery,
  withSearchQuery,
} from '../../src/lib/search-query';
import {
  parseRequestFilter,
  requestListQuery,
  withRequestFilter,
} from '../../src/features/tracker/utils/request-filters';
import {
  parseSuggestionView,
  suggestionViewParams,
} from '../../src/features/tracker/utils/suggestion-view';
import { suggestionListQuery } from '../../src/features/tracker/api/list-suggestions';

describe('The search term in the URL (q)', () => {
  it('reads the term trimmed, with inner white space made one space', () => {
    // Prepare
    const params = new URLSearchParams('q=%20%20dark%20%20%20mode%20&status=approved');

    // Act
    const q = parseSearchQuery(params);

    // Assess
    expect(q).toBe('dark mode');
  });

  it('treats a missing or blank term as no search', () => {
    // Prepare
    const blank = new URLSearchParams('q=%20%20');

    // Act
    const fromBlank = parseSearchQuery(blank);
    const fromNone = parseSearchQuery(new URLSearchParams('status=all'));

    // Assess
    expect(fromBlank).toBeUndefined();
    expect(fromNone).toBeUndefined();
  });

  it('cuts a term longer than the API takes at 200 characters', () => {
    // Prepare
    const long = 'a'.repeat(SEARCH_QUERY_MAX + 50);

    // Act
    const q = normalizeSearchQuery(long);

    // Assess
    expect(q).toHaveLength(SEARCH_QUERY_MAX);
  });

  it('writes the term beside the other parameters and takes it out when emptied', () => {
    // Prepare
    const current = new URLSearchParams('status=all&project=p1');

    // Act
    const searched = withSearchQuery(current, ' export csv ');
    const cleared = withSearchQuery(searched, '   ');

    // Assess
    expect(searched.toString()).toBe('status=all&project=p1&q=export+csv');
    expect(cleared.toString()).toBe('status=all&project=p1');
    expect(current.toString()).toBe('status=all&project=p1');
  });
});

describe('Similar requests while typing', () => {
  it('looks nothing up until the title has 3 characters', () => {
    // Prepare
    const titles = ['', 'ab', '  ab  ', 'abc', ' dark mode '];

    // Act
    const queries = titles.map(similarQuery);

    // Assess
    expect(queries).toEqual([undefined, undefined, undefined, 'abc', 'dark mode']);
  });
});

describe('Searching the tracker lists', () => {
  it('keeps the term of /tracker/requests in the URL with the filters and sends it to the API', () => {
    // Prepare
    const params = new URLSearchParams('status=Open&q=%20dakr%20mode&sort=date');

    // Act
    const filter = parseRequestFilter(params);
    const query = requestListQuery(filter);
    const written = withRequestFilter(new URLSearchParams(), filter);

    // Assess
    expect(filter.q).toBe('dakr mode');
    expect(query).toMatchObject({ q: 'dakr mode', status: 'Open', sort_by: 'date' });
    expect(written.get('q')).toBe('dakr mode');
    expect(written.get('status')).toBe('Open');
  });

  it('drops q from the requests URL when the search is cleared', () => {
    // Prepare
    const current = new URLSearchParams('q=dark&priority=High');

    // Act
    const next = withRequestFilter(current, { ...parseRequestFilter(current), q: undefined });

    // Assess
    expect(next.toString()).toBe('priority=High');
  });

  it('keeps the term of /tracker/suggestions in the URL with the group and sends it to the API', () => {
    // Prepare
    const params = new URLSearchParams('group=Game+Design&q=lighthose');

    // Act
    const view = parseSuggestionView(params);
    const query = suggestionListQuery(view);
    const cleared = suggestionViewParams(params, { ...view, q: undefined });

    // Assess
    expect(view).toEqual({ group: 'Game Design', sort: 'votes', q: 'lighthose' });
    expect(query.q).toBe('lighthose');
    expect(cleared.toString()).toBe('group=Game+Design');
  });
});

describe('The texts of a search', () => {
  it('says how many results were found and that they are sorted by relevance', () => {
    // Prepare
    const cases = [
      { query: undefined, shown: 3, more: false },
      { query: 'dark', shown: null, more: false },
      { query: 'dark', shown: 0, more: false },
      { query: 'dark', shown: 1, more: false },
      { query: 'dark', shown: 20, more: true },
      { query: 'dark', shown: 4, more: false, failed: true },
    ];

    // Act
    const texts = cases.map(searchSummaryText);

    // Assess
    expect(texts).toEqual([
      '',
      'Searching...',
      'No results for “dark”.',
      '1 result for “dark”, sorted by relevance.',
      '20+ results for “dark”, sorted by relevance.',
      'Search for “dark” failed.',
    ]);
  });

  it('says when no item has every word and the results are the closest matches', () => {
    // Prepare
    const partial = { query: 'csv exprot zebra', match: 'some' as const, noun: 'requests' };
    const cases = [
      { ...partial, shown: 3, more: false },
      { ...partial, shown: 1, more: false },
      { ...partial, shown: 20, more: true },
      { ...partial, shown: null, more: false },
      { ...partial, match: 'all' as const, shown: 2, more: false },
    ];

    // Act
    const texts = cases.map(searchSummaryText);

    // Assess
    expect(texts).toEqual([
      'No requests match every word of “csv exprot zebra”; showing the 3 closest matches.',
      'No requests match every word of “csv exprot zebra”; showing the closest match.',
      'No requests match every word of “csv exprot zebra”; showing the 20+ closest matches.',
      'Searching...',
      '2 results for “csv exprot zebra”, sorted by relevance.',
    ]);
  });

  it('names the term in the empty state', () => {
    // Prepare
    const query = 'dakr mode';

    // Act
    const text = noMatchText('requests', query);

    // Assess
    expect(text).toBe('No requests match “dakr mode”');
  });
});
