import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { FEATURE_MESSAGES } from '@hatchworks/shared/schemas/features';
import { EGGS } from '@hatchworks/shared/constants';
import type { Feature } from '@hatchworks/shared/schemas/features';
import type { User } from '@hatchworks/shared/schemas/users';
import { useSession } from '../../../lib/session';
import { useLiveSearchParams } from '../../../lib/live-search-params';
import { focusSearchField, parseSearchQuery, withSearchQuery } from '../../../lib/search-query';
import { SearchBox } from '../../../components/ui/search-box';
import type { ModerationAction } from '../api/moderate-feature';
import { featureQueryOptions } from '../api/get-feature';
import {
  DEFAULT_FEATURE_FILTER,
  FILTER_PARAM,
  filtersFor,
  parseFeatureFilter,
  permittedFilter,
  statusForFilter,
  FILTER_LABELS,
  type FeatureFilter,
} from '../utils/feature-filter';
import { CreateFeatureModal } from './create-feature-modal';
import { FeatureFilters } from './feature-filters';
import { FeatureList } from './feature-list';
import { ModerationDialog } from './moderation-dialog';
import { VoteModal } from './vote-modal';
import { EggIcon } from '../../../components/ui/icons';
import { formatCount } from '../../../lib/format';

interface FeatureBoardProps {
  user: User;
  /** Lists only this project's requests and preselects it when creating. */
  projectId?: string;
  /** The filter shown when the URL names none. */
  defaultFilter?: FeatureFilter;
}

/** The filter kept in the URL, and a setter that leaves the other parameters alone. */
function useFilterParam(defaultFilter: FeatureFilter) {
  const [params, setParams] = useSearchParams();
  const raw = params.get(FILTER_PARAM);
  const requested = parseFeatureFilter(raw, defaultFilter);
  const setFilter = (filter: FeatureFilter) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (filter === defaultFilter) next.delete(FILTER_PARAM);
        else next.set(FILTER_PARAM, filter);
        return next;
      },
      { replace: true },
    );
  return { raw, requested, setFilter };
}

/** The search term kept in the URL as `q`, and a setter that leaves the rest alone. */
function useSearchParam() {
  const { params, update } = useLiveSearchParams();
  const q = parseSearchQuery(params);
  const setQ = (next: string | undefined) => update((current) => withSearchQuery(current, next));
  return { q, setQ };
}

/** The confirmation after paying for a request; the balance is the session's, kept current. */
export const createdMessage = (balance: number) =>
  `Your request is waiting for review — ${EGGS.featureCreationCost} eggs spent, balance ${formatCount(balance)}.`;

type Dialog =
  | { readonly kind: 'create' }
  | { readonly kind: 'vote'; readonly feature: Feature }
  | { readonly kind: 'moderate'; readonly feature: Feature; readonly action: ModerationAction };

/**
 * The signed-in part of the feature screens: 'Create Request', the status filters, the
 * list of requests and the create, vote and moderation dialogs.
 */
export function FeatureBoard({
  user,
  projectId,
  defaultFilter = DEFAULT_FEATURE_FILTER,
}: FeatureBoardProps) {
  const { refreshUser } = useSession();
  const queryClient = useQueryClient();
  const isAdmin = user.role === 'admin';
  const { raw, requested, setFilter } = useFilterParam(defaultFilter);
  const { q, setQ } = useSearchParam();
  const searchId = useId();
  const filter = permittedFilter(requested, isAdmin);
  const canonical = filter === defaultFilter ? null : filter;
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [created, setCreated] = useState<Feature | null>(null);
  const headingId = useId();

  // The URL says what is shown: a non-admin on pending (an old link, a lost admin role) is reset
  // to approved, and an unknown filter to the default, there too.
  useEffect(() => {
    if (raw !== canonical) setFilter(filter);
  });

  const headingRef = useRef<HTMLHeadingElement>(null);
  const close = () => setDialog(null);
  const openCreate = () => setDialog({ kind: 'create' });
  // 'Vote on this instead': the similar request as it is now, in the vote dialog.
  const voteInstead = async (featureId: string) => {
    const feature = await queryClient.fetchQuery(featureQueryOptions(featureId, user.id));
    if (feature.status !== 'approved') throw new Error(FEATURE_MESSAGES.votingOnlyApproved);
    setDialog({ kind: 'vote', feature });
  };
  const onCreated = (feature: Feature) => {
    setCreated(feature);
    // The new request is pending: 'Approved' would not list it, 'All' shows it to its author.
    if (filter === 'approved') setFilter('all');
  };

  return (
    <section className="feature-board" aria-labelledby={headingId}>
      <div className="feature-board__toolbar">
        <button
          type="button"
          className="button button--accent"
          aria-label={`Create Request (${EGGS.featureCreationCost} eggs)`}
          onClick={openCreate}
        >
          {/* One flex item, so the button's gap does not split the words from the egg. */}
          <span>
            Create Request ({EGGS.featureCreationCost} <EggIcon />)
          </span>
        </button>
        <FeatureFilters filters={filtersFor(isAdmin)} current={filter} onChange={setFilter} />
      </div>
      <div className="feature-board__search" role="search" aria-label="Search feature requests">
        <SearchBox
          id={searchId}
          value={q}
          onSearch={setQ}
          placeholder="Search requests, e.g. dark mode"
        />
      </div>
      {/* Always present, so the confirmation is announced when it appears. */}
      <div role="status" className="feature-board__status">
        {created ? (
          <p className="form-success feature-board__created">
            <span>{createdMessage(user.egg_balance)}</span>
            <button
              type="button"
              className="feature-board__dismiss"
              aria-label="Dismiss"
              onClick={() => setCreated(null)}
            >
              ×
            </button>
          </p>
        ) : null}
      </div>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="visually-hidden">
        {FILTER_LABELS[filter]} feature requests
      </h2>
      <FeatureList
        filter={{ status: statusForFilter(filter), projectId, q }}
        labelledBy={headingId}
        // A search lists what the index finds by relevance (the author's own pending requests
        // are not in it for them).
        authorId={!isAdmin && filter === 'all' && !q ? user.id : undefined}
        onCreate={openCreate}
        onClearSearch={() => {
          setQ(undefined);
          focusSearchField(searchId);
        }}
        onVote={(feature) => setDialog({ kind: 'vote', feature })}
        onModerate={
          isAdmin
            ? (feature, action) => setDialog({ kind: 'moderate', feature, action })
            : undefined
        }
      />
      {dialog?.kind === 'create' ? (
        <CreateFeatureModal
          onClose={close}
          onCreated={onCreated}
          defaultProjectId={projectId}
          onVoteInstead={voteInstead}
        />
      ) : null}
      {dialog?.kind === 'vote' ? <VoteModal feature={dialog.feature} onClose={close} /> : null}
      {dialog?.kind === 'moderate' ? (
        <ModerationDialog
          feature={dialog.feature}
          action={dialog.action}
          onClose={close}
          focusAfterDone={() => headingRef.current}
          onDone={(moderated) => {
            // A rejection refunds the author; when that is the admin, the header balance changes.
            if (moderated.status === 'rejected' && moderated.user_id === user.id) {
              refreshUser().catch((error: unknown) => console.warn(error));
            }
          }}
        />
      ) : null}
    </section>
  );
}
