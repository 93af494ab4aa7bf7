import { useEffect, type ReactNode } from 'react';
import type { Feature } from '@hatchworks/shared/schemas/features';
import { Spinner, LoadingState } from '../../../components/ui/spinner';
import { useStableOrder } from '../../../lib/stable-order';
import { LOAD_FEATURES_FAILED, useFeatureList, type FeatureListFilter } from '../api/list-features';
import { useOwnUnlistedFeatures } from '../api/list-own-features';
import type { ModerationAction } from '../api/moderate-feature';
import { FeatureCard } from './feature-card';
import { EggIcon, SearchIcon } from '../../../components/ui/icons';
import { SearchSummary } from '../../../components/ui/search-summary';
import { CLEAR_SEARCH, noMatchText } from '../../../lib/search-query';

interface FeatureListProps {
  filter: FeatureListFilter;
  /** The heading that names the list for assistive tech. */
  labelledBy: string;
  /**
   * A non-admin on 'All': their own pending and rejected requests (hidden from everyone else)
   * are shown first, marked as such.
   */
  authorId?: string;
  /** Offered in the empty state; absent for visitors, who cannot create. */
  onCreate?: () => void;
  /** Empties the search term, from the empty state of a search. */
  onClearSearch?: () => void;
  /** Offered on approved requests; absent for visitors, who read the list only. */
  onVote?: (feature: Feature) => void;
  /** Present for admins only. */
  onModerate?: (feature: Feature, action: ModerationAction) => void;
}

/**
 * The requests of one filter, most eggs first (kept in place while it is shown): a spinner while loading, the error with
 * 'Try Again', the empty state with 'Create First Feature', and 'Load More' while pages remain.
 */
export function FeatureList({
  filter,
  labelledBy,
  authorId,
  onCreate,
  onClearSearch,
  onVote,
  onModerate,
}: FeatureListProps) {
  return (
    <>
      <SearchSummaryOf filter={filter} />
      <FeatureListBody
        filter={filter}
        labelledBy={labelledBy}
        authorId={authorId}
        onCreate={onCreate}
        onClearSearch={onClearSearch}
        onVote={onVote}
        onModerate={onModerate}
      />
    </>
  );
}

/**
 * How many requests a search found, or that none has every word and these are the closest
 * (a live region, present while the list is).
 */
function SearchSummaryOf({ filter }: { filter: FeatureListFilter }) {
  const list = useFeatureList(filter);
  const shown = list.data?.pages.reduce((count, page) => count + page.features.length, 0) ?? null;
  return (
    <SearchSummary
      query={filter.q}
      shown={list.isPending ? null : shown}
      more={list.hasNextPage}
      failed={list.isError && !list.isFetchNextPageError}
      match={list.data?.pages[0]?.match}
      noun="requests"
    />
  );
}

function FeatureListBody({
  filter,
  labelledBy,
  authorId,
  onCreate,
  onClearSearch,
  onVote,
  onModerate,
}: FeatureListProps) {
  const list = useFeatureList(filter);
  const own = useOwnUnlistedFeatures(authorId, filter.projectId);
  const shown = list.data?.pages.reduce((count, page) => count + page.features.length, 0) ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = list;
  const ownFeatures = authorId ? (own.data ?? []) : [];
  const ownIds = new Set(ownFeatures.map((feature) => feature.id));
  // While the same list is shown, reloads (e.g. after a vote) update the cards in place: a card
  // does not jump from under the pointer; the next visit or filter shows the new ranking.
  const features = useStableOrder(
    [
      ...ownFeatures,
      ...(list.data?.pages ?? []).flatMap((page) => page.features).filter((f) => !ownIds.has(f.id)),
    ],
    JSON.stringify([filter.status, filter.projectId, filter.q, authorId]),
  );

  // A page can come back empty with more behind it: fetch on rather than claim there are none.
  useEffect(() => {
    if (shown === 0 && hasNextPage && !isFetchingNextPage && !isFetchNextPageError) {
      void fetchNextPage();
    }
  }, [shown, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  // The author's own requests are an extra: failing to load them leaves the list as it is.
  useEffect(() => {
    if (own.error) console.warn('Own pending requests failed to load', own.error);
  }, [own.error]);

  // The author's own requests come first: wait for them too, so the cards do not jump.
  if (list.isPending || (authorId !== undefined && own.isPending)) {
    return <LoadingState label="Loading features..." />;
  }

  // A failed next page keeps the pages already shown; any other failure replaces the list.
  if (list.isError && (!list.isFetchNextPageError || shown === 0)) {
    const detail = list.error.message;
    return (
      <div className="form-error feature-list__error" role="alert">
        <p>{LOAD_FEATURES_FAILED}</p>
        {detail && detail !== LOAD_FEATURES_FAILED ? (
          <p className="feature-list__error-detail">{detail}</p>
        ) : null}
        <button
          type="button"
          className="button button--secondary button--sm"
          onClick={() => void list.refetch()}
          disabled={list.isFetching}
        >
          {list.isFetching ? 'Trying again...' : 'Try Again'}
        </button>
      </div>
    );
  }

  if (features.length === 0 && hasNextPage && !isFetchNextPageError) {
    return <LoadingState label="Loading features..." />;
  }
  if (features.length === 0 && filter.q) {
    return (
      <EmptyList
        icon={<SearchIcon />}
        title={noMatchText('requests', filter.q)}
        text="Check the spelling or try fewer words."
        action={
          onClearSearch ? (
            <button type="button" className="button button--secondary" onClick={onClearSearch}>
              {CLEAR_SEARCH}
            </button>
          ) : null
        }
      />
    );
  }
  // An empty review queue is good news, not an invitation to write the first request.
  if (features.length === 0 && filter.status === 'pending') {
    return (
      <EmptyList
        icon={<EggIcon />}
        title="Nothing to review"
        text="No requests are waiting for review."
      />
    );
  }
  if (features.length === 0) {
    return (
      <EmptyList
        icon={<EggIcon />}
        title="No features yet"
        text="Be the first to create a feature request!"
        action={
          onCreate ? (
            <button type="button" className="button button--accent" onClick={onCreate}>
              Create First Feature
            </button>
          ) : null
        }
      />
    );
  }

  return (
    <>
      <ul className="feature-list" aria-labelledby={labelledBy}>
        {features.map((feature) => (
          <li key={feature.id}>
            <FeatureCard
              feature={feature}
              own={ownIds.has(feature.id)}
              onVote={onVote ? () => onVote(feature) : undefined}
              onModerate={onModerate ? (action) => onModerate(feature, action) : undefined}
            />
          </li>
        ))}
      </ul>
      {list.hasNextPage ? (
        <div className="feature-list__more">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
          >
            {list.isFetchingNextPage ? (
              <>
                <Spinner size="sm" /> Loading...
              </>
            ) : (
              'Load More Features'
            )}
          </button>
          {list.isFetchNextPageError ? (
            <p className="form-error" role="alert">
              {list.error?.message || LOAD_FEATURES_FAILED}
            </p>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

/** One empty state of the list: its icon, what is (not) there, and the way on when there is one. */
function EmptyList({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action?: ReactNode;
}) {
  return (
    <div className="feature-list__empty">
      <div className="feature-list__empty-icon">{icon}</div>
      <h3>{title}</h3>
      <p>{text}</p>
      {action}
    </div>
  );
}
