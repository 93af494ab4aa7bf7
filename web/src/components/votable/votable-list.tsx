import type { ReactNode } from 'react';
import type { SearchMatch } from '@hatchworks/shared/schemas/search';
import { SearchIcon } from '../ui/icons';
import { SearchSummary } from '../ui/search-summary';
import { CLEAR_SEARCH, noMatchText } from '../../lib/search-query';
import { PagedList, type PagedListText } from './paged-list';

/** What a list of one kind of votable item needs: its texts, its query and its card. */
export interface VotableListKind<
  View extends { q?: string | undefined },
  Item extends { id: string },
> {
  /** The list's own class beside 'tracker-list', e.g. 'request-list'. */
  readonly className: string;
  readonly text: PagedListText;
  /** The hidden heading of a search's list, e.g. 'Matching feature requests'. */
  readonly matchingHeading: string;
  /** What a search found none of, e.g. 'requests'. */
  readonly searchNoun: string;
  /** The message when a failure carries none. */
  readonly fallbackMessage: string;
  /** Marks the list busy while any page loads. */
  readonly busyWhileFetching?: boolean;
  /**
   * The infinite query of one view, the items of the pages fetched so far and, with a search,
   * how they match it (the first page's `match`: 'some' for partial matches).
   */
  readonly useItems: (view: View) => {
    list: Parameters<typeof PagedList<Item>>[0]['list'];
    items: readonly Item[];
    match: SearchMatch | undefined;
  };
  readonly renderItem: (item: Item) => ReactNode;
}

interface VotableListProps<View extends { q?: string | undefined }, Item extends { id: string }> {
  kind: VotableListKind<View, Item>;
  view: View;
  /** The empty state's button: opens the submit dialog. */
  onCreate: () => void;
  /** Empties the search term, from the empty state of a search. */
  onClearSearch: () => void;
}

/**
 * The items of one view, a page at a time: loading and error texts, the empty state with its
 * button, and 'Load More ...' while more pages remain. A search lists by relevance, says how many
 * it found (or that no item has every word and these are the closest matches), and its empty
 * state offers 'Clear search'.
 */
export function VotableList<View extends { q?: string | undefined }, Item extends { id: string }>({
  kind,
  view,
  onCreate,
  onClearSearch,
}: VotableListProps<View, Item>) {
  const { list, items, match } = kind.useItems(view);
  const text = view.q
    ? {
        ...kind.text,
        heading: kind.matchingHeading,
        empty: noMatchText(kind.searchNoun, view.q),
        emptyIcon: <SearchIcon />,
        emptyAction: CLEAR_SEARCH,
      }
    : kind.text;
  return (
    <>
      <SearchSummary
        query={view.q}
        shown={list.isPending ? null : items.length}
        more={list.hasNextPage}
        failed={list.isError && !list.isFetchNextPageError}
        match={match}
        noun={kind.searchNoun}
      />
      <PagedList
        className={kind.className}
        text={text}
        list={list}
        items={items}
        viewKey={JSON.stringify(view)}
        fallbackMessage={kind.fallbackMessage}
        busyWhileFetching={kind.busyWhileFetching ?? false}
        onEmptyAction={view.q ? onClearSearch : onCreate}
        renderItem={kind.renderItem}
      />
    </>
  );
}
