import { webhookEventItem, webhookSubject } from '../webhooks/webhook-events';
import { ulid } from 'ulid';
import {
  SUGGESTION_SORTS,
  type ProjectSuggestion,
  type SuggestionGroup,
  type SuggestionSort,
} from '@hatchworks/shared/schemas/tracker';
import { type ProjectSuggestionFields } from '@hatchworks/shared/schemas/tracker-submissions';
import { emitMetrics } from '../../lib/metrics';
import { tableName } from '../table/client';
import { trackerSortValue, trackerSuggestionKeys } from '../table/keys';
import { followerUpdate } from '../notifications/notification-events';
import { queryPage, type Page, type PartitionQuery } from '../table/query-page';
import { activityItems, type TrackerAuthor } from './tracker-activity-repository';
import { suggestionCounterUpdate } from './tracker-counters';
import { withoutKeys, type TrackerTarget } from './tracker-views';
import { putNew, retryOnConflict, transact } from '../table/transactions';
import type { IndexName } from '../table/table-definition';

/** A project suggestion as stored: the API fields but the caller's own vote. */
export type StoredSuggestion = Omit<ProjectSuggestion, 'my_vote'>;

function sortValue(sort: SuggestionSort, suggestion: StoredSuggestion): string {
  switch (sort) {
    case 'votes':
      return trackerSortValue.votes(suggestion.votes, suggestion.id);
    case 'date':
      return trackerSortValue.date(suggestion.id);
    case 'name':
      return trackerSortValue.name(suggestion.name, suggestion.id);
  }
}

/** The suggestion item and its three sort views, each in the all and by-group partitions. */
function suggestionItems(suggestion: StoredSuggestion): Record<string, unknown>[] {
  return [
    { ...trackerSuggestionKeys.item(suggestion.id), entity: 'TrackerSuggestion', ...suggestion },
    ...SUGGESTION_SORTS.map((sort) => {
      const value = sortValue(sort, suggestion);
      return {
        ...trackerSuggestionKeys.view(suggestion.id, sort),
        // A merged suggestion is in no list: its views keep no index keys.
        ...(suggestion.merged_into
          ? {}
          : {
              GSI1PK: trackerSuggestionKeys.allPartition(sort),
              GSI1SK: value,
              GSI2PK: trackerSuggestionKeys.groupPartition(sort, suggestion.suggested_group),
              GSI2SK: value,
            }),
        entity: 'TrackerSuggestionView',
        view: sort,
        ...suggestion,
      };
    }),
  ];
}

export const trackerSuggestionTarget: TrackerTarget<StoredSuggestion> = {
  type: 'project_suggestion',
  key: trackerSuggestionKeys.item,
  items: suggestionItems,
};

export const toSuggestion = (item: Record<string, unknown>) =>
  ({ comment_count: 0, ...withoutKeys(item) }) as StoredSuggestion;

/** Stores a new suggestion with its views, its counter and its activity entry in one transaction. */
export async function createSuggestion(
  input: ProjectSuggestionFields,
  author: TrackerAuthor,
  now = new Date(),
): Promise<StoredSuggestion> {
  const suggestion: StoredSuggestion = {
    id: ulid(now.getTime()),
    name: input.name,
    description: input.description,
    suggested_group: input.group,
    rationale: input.rationale,
    votes: 0,
    comment_count: 0,
    created_at: now.toISOString(),
  };
  const items = [
    ...suggestionItems(suggestion).map((item) => putNew(item)),
    suggestionCounterUpdate({ total: 1 }),
    {
      Put: {
        TableName: tableName,
        Item: webhookEventItem(
          'request.created',
          {
            subject: webhookSubject('tracker_suggestion', suggestion.id, suggestion.name, null),
            author: author.name ?? null,
          },
          now,
        ),
      },
    },
    ...activityItems({
      type: 'project_suggestion',
      id: ulid(now.getTime()),
      referenceId: suggestion.id,
      title: suggestion.name,
      description: suggestion.description,
      project: null,
      author,
      createdAt: suggestion.created_at,
    }).map((item) => putNew(item)),
    // A signed-in author follows their suggestion.
    ...(author.userId
      ? [
          {
            Update: {
              TableName: tableName,
              ...followerUpdate(
                { type: 'tracker_suggestion', id: suggestion.id },
                author.userId,
                'author',
                now,
              ),
            },
          },
        ]
      : []),
  ];
  // Every creation updates the one counter item: simultaneous ones conflict and try again.
  await retryOnConflict(() => transact(items));
  emitMetrics({ ProjectSuggestionsCreated: 1 });
  return suggestion;
}

/** Where a list reads: the sort order's partition, all suggestions or one group's. */
export function suggestionQuery(
  group: SuggestionGroup | undefined,
  sort: SuggestionSort,
  descending: boolean,
): PartitionQuery & { index: IndexName } {
  return group
    ? { index: 'GSI2', partition: trackerSuggestionKeys.groupPartition(sort, group), descending }
    : { index: 'GSI1', partition: trackerSuggestionKeys.allPartition(sort), descending };
}

/** One page of suggestions, optionally of one group, in this order: one Query with a Limit. */
export async function listSuggestions(
  group: SuggestionGroup | undefined,
  sort: SuggestionSort,
  descending: boolean,
  limit: number,
  cursor?: string,
): Promise<Page<StoredSuggestion>> {
  const query = suggestionQuery(group, sort, descending);
  const page = await queryPage(query, limit, cursor);
  return { items: page.items.map(toSuggestion), nextCursor: page.nextCursor };
}
