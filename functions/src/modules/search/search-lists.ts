import {
  PUBLIC_FEATURE_STATUSES,
  type Feature,
  type FeatureStatus,
} from '@hatchworks/shared/schemas/features';
import { SEARCH_LIMITS, type SearchMatch } from '@hatchworks/shared/schemas/search';
import type { SimilarItem } from '@hatchworks/shared/schemas/search-similar';
import type { SubjectType } from '@hatchworks/shared/schemas/subjects';
import type { SuggestionGroup } from '@hatchworks/shared/schemas/tracker';
import { batchGetItems } from '../table/batch-get';
import {
  batchGetFeatures,
  toApiFeature,
  type StoredFeature,
} from '../features/features-repository';
import { trackerRequestKeys, trackerSuggestionKeys } from '../table/keys';
import type { Page } from '../table/query-page';
import {
  toTrackerRequest,
  type StoredTrackerRequest,
  type TrackerRequestFilters,
} from '../tracker/tracker-requests-repository';
import { toSuggestion, type StoredSuggestion } from '../tracker/tracker-suggestions-repository';
import { ForbiddenError } from '../../lib/errors';
import { subjectOfDocumentId, type StoredSearchFields } from './documents';
import { decodeSearchCursor, encodeSearchCursor, searchFingerprint } from './search-cursor';
import { listHits } from './list-hits';
import type { SearchHit } from './search-index';
import { currentSearchIndex } from './search-service';
import { similarHits } from './similar-titles';

/** Statuses never shown by search or similar (a merged request lives on in the one it joined). */
const MERGED = 'merged';

const isPublicFeatureStatus = (status: string) =>
  (PUBLIC_FEATURE_STATUSES as readonly string[]).includes(status);

/** One page of a searched list, and whether its items match every word of `q` or only some. */
export interface SearchPage<Item> extends Page<Item> {
  readonly match: SearchMatch;
}

/**
 * One page of a ranked search: the hits `accept` keeps (on the index's stored fields; the best
 * partial matches when none matches every word, see `listHits`), from the cursor's offset, then
 * the page's live items read in one batch and checked again with `keep` (a status or filter that
 * changed since the index was patched), in rank order.
 */
async function rankedPage<Item>(options: {
  readonly type: SubjectType;
  readonly q: string;
  readonly fingerprint: readonly unknown[];
  readonly accept: (hit: StoredSearchFields) => boolean;
  readonly read: (ids: readonly string[]) => Promise<Map<string, Item>>;
  readonly keep: (item: Item) => boolean;
  readonly limit: number;
  readonly cursor: string | undefined;
}): Promise<SearchPage<Item>> {
  const fingerprint = searchFingerprint([options.type, options.q, ...options.fingerprint]);
  const position = decodeSearchCursor(options.cursor, fingerprint);
  const index = await currentSearchIndex();
  const { hits, match } = listHits(index, options.q, options.type, options.accept, position.match);
  const ids = hits
    .slice(position.offset, position.offset + options.limit)
    .map((hit: SearchHit) => subjectOfDocumentId(hit.id).id);
  const live = ids.length > 0 ? await options.read(ids) : new Map<string, Item>();
  const items = ids.flatMap((id) => {
    const item = live.get(id);
    return item !== undefined && options.keep(item) ? [item] : [];
  });
  const next = position.offset + options.limit;
  return {
    items,
    nextCursor: next < hits.length ? encodeSearchCursor(fingerprint, next, match) : null,
    match,
  };
}

/**
 * `GET /api/features?q=`: the features matching `q`, best first, under the list's rules: anyone
 * sees approved, in-progress and completed ones; admins every status; a hidden status asked for by
 * a non-admin is a 403 (as the list).
 */
export async function searchFeatures(options: {
  q: string;
  status?: FeatureStatus | undefined;
  projectId?: string | undefined;
  isAdmin: boolean;
  limit: number;
  cursor?: string | undefined;
}): Promise<SearchPage<Feature>> {
  const { status, projectId, isAdmin } = options;
  if (status && !isPublicFeatureStatus(status) && !isAdmin) {
    throw new ForbiddenError('Only admins can list pending or rejected feature requests');
  }
  const visible = (itemStatus: string, itemProject: string | null) =>
    (status ? itemStatus === status : isAdmin || isPublicFeatureStatus(itemStatus)) &&
    (!projectId || itemProject === projectId);
  const page = await rankedPage<StoredFeature>({
    type: 'feature',
    q: options.q,
    fingerprint: [status ?? null, projectId ?? null, isAdmin],
    accept: (hit) => visible(hit.status, hit.project_id),
    read: batchGetFeatures,
    keep: (feature) => visible(feature.status, feature.project_id),
    limit: options.limit,
    cursor: options.cursor,
  });
  return { ...page, items: page.items.map(toApiFeature) };
}

async function readByKey<Item extends { readonly id: string }>(
  ids: readonly string[],
  key: (id: string) => Record<string, unknown>,
  convert: (item: Record<string, unknown>) => Item,
): Promise<Map<string, Item>> {
  const items = await batchGetItems(ids.map(key));
  return new Map(items.map((item) => convert(item)).map((item) => [item.id, item]));
}

/** `GET /api/tracker/feature-requests?q=`: matching requests, best first, every filter applied. */
export function searchTrackerRequests(
  filters: TrackerRequestFilters,
  q: string,
  limit: number,
  cursor: string | undefined,
): Promise<SearchPage<StoredTrackerRequest>> {
  const { status, priority, category, projectId } = filters;
  const matches = (fields: {
    status: string;
    priority: string | null;
    category: string | null;
    project_id: string | null;
  }) =>
    fields.status !== MERGED &&
    (!status || fields.status === status) &&
    (!priority || fields.priority === priority) &&
    (!category || fields.category === category) &&
    (!projectId || fields.project_id === projectId);
  return rankedPage<StoredTrackerRequest>({
    type: 'tracker_request',
    q,
    fingerprint: [status ?? null, priority ?? null, category ?? null, projectId ?? null],
    accept: matches,
    read: (ids) => readByKey(ids, trackerRequestKeys.item, toTrackerRequest),
    keep: (request) => !request.merged_into && matches(request),
    limit,
    cursor,
  });
}

/** `GET /api/tracker/project-suggestions?q=`: matching suggestions, best first, of one group. */
export function searchSuggestions(
  group: SuggestionGroup | undefined,
  q: string,
  limit: number,
  cursor: string | undefined,
): Promise<SearchPage<StoredSuggestion>> {
  const matches = (itemStatus: string | undefined, itemGroup: string | null) =>
    itemStatus !== MERGED && (!group || itemGroup === group);
  return rankedPage<StoredSuggestion>({
    type: 'tracker_suggestion',
    q,
    fingerprint: [group ?? null],
    accept: (hit) => matches(hit.status, hit.group),
    read: (ids) => readByKey(ids, trackerSuggestionKeys.item, toSuggestion),
    keep: (suggestion) =>
      !suggestion.merged_into && matches(suggestion.status, suggestion.suggested_group),
    limit,
    cursor,
  });
}

/** Hits read for the similar list: a few spares for those whose live status hides them now. */
const SIMILAR_CANDIDATES = SEARCH_LIMITS.similarMax * 3;

/**
 * `GET /api/search/similar`: up to 5 existing requests of this kind like the title being typed,
 * most similar first (sharing enough of its content words, `similarHits`), only in statuses anyone
 * may see, never merged.
 */
export async function similarItems(type: SubjectType, q: string): Promise<SimilarItem[]> {
  if (q.length < SEARCH_LIMITS.similarMinChars) return [];
  const shown = (status: string) =>
    type === 'feature' ? isPublicFeatureStatus(status) : status !== MERGED;
  const index = await currentSearchIndex();
  const ids = similarHits(index, q, type, (hit) => shown(hit.status))
    .slice(0, SIMILAR_CANDIDATES)
    .map((hit) => subjectOfDocumentId(hit.id).id);
  if (ids.length === 0) return [];
  const items: SimilarItem[] = [];
  switch (type) {
    case 'feature': {
      const live = await batchGetFeatures(ids);
      for (const id of ids) {
        const feature = live.get(id);
        if (!feature || !shown(feature.status)) continue;
        items.push({
          type,
          id,
          title: feature.title,
          status: feature.status,
          project: { id: feature.project_id, title: feature.project_title },
          total_eggs: feature.total_eggs,
          vote_count: feature.vote_count,
        });
      }
      break;
    }
    case 'tracker_request': {
      const live = await readByKey(ids, trackerRequestKeys.item, toTrackerRequest);
      for (const id of ids) {
        const request = live.get(id);
        if (!request || request.merged_into || !shown(request.status)) continue;
        items.push({
          type,
          id,
          title: request.title,
          status: request.status,
          project: request.project
            ? { id: request.project.id, title: request.project.title }
            : null,
          votes: request.votes,
        });
      }
      break;
    }
    case 'tracker_suggestion': {
      const live = await readByKey(ids, trackerSuggestionKeys.item, toSuggestion);
      for (const id of ids) {
        const suggestion = live.get(id);
        const status = suggestion?.status ?? 'Open';
        if (!suggestion || suggestion.merged_into || !shown(status)) continue;
        items.push({
          type,
          id,
          title: suggestion.name,
          status,
          project: null,
          votes: suggestion.votes,
        });
      }
      break;
    }
  }
  return items.slice(0, SEARCH_LIMITS.similarMax);
}
