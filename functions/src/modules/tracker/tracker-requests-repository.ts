import { webhookEventItem, webhookSubject } from '../webhooks/webhook-events';
import { ulid } from 'ulid';
import {
  TRACKER_DEFAULTS,
  TRACKER_MESSAGES,
  TRACKER_PRIORITIES,
  TRACKER_REQUEST_SORTS,
  type TrackerCategory,
  type TrackerFeatureRequest,
  type TrackerPriority,
  type TrackerProject,
  type TrackerRequestSort,
  type TrackerStatus,
} from '@hatchworks/shared/schemas/tracker';
import { type TrackerFeatureRequestFields } from '@hatchworks/shared/schemas/tracker-submissions';
import { ValidationError } from '../../lib/errors';
import { emitMetrics } from '../../lib/metrics';
import { tableName } from '../table/client';
import { followerUpdate } from '../notifications/notification-events';
import { projectKeys, trackerRequestKeys, trackerSortValue } from '../table/keys';
import { getProject } from '../projects/projects-repository';
import { queryPage, type Page, type PartitionQuery } from '../table/query-page';
import { activityItems, type TrackerAuthor } from './tracker-activity-repository';
import { requestCounterUpdate } from './tracker-counters';
import {
  cancellationCodes,
  failedCondition,
  putNew,
  retryOnConflict,
  transact,
} from '../table/transactions';
import { equalityFilter, withoutKeys, type TrackerTarget } from './tracker-views';
import type { IndexName } from '../table/table-definition';

/** A tracker feature request as stored: the API fields but the caller's own vote. */
export type StoredTrackerRequest = Omit<TrackerFeatureRequest, 'my_vote'>;

const priorityRank = (priority: TrackerPriority) => TRACKER_PRIORITIES.indexOf(priority) + 1;

function sortValue(sort: TrackerRequestSort, request: StoredTrackerRequest): string {
  switch (sort) {
    case 'votes':
      return trackerSortValue.votes(request.votes, request.id);
    case 'date':
      return trackerSortValue.date(request.id);
    case 'priority':
      return trackerSortValue.priority(priorityRank(request.priority), request.id);
  }
}

/** The GSI keys of one sort view: the sort order in each partition, the sort value in each key. */
function viewIndexKeys(sort: TrackerRequestSort, request: StoredTrackerRequest) {
  const value = sortValue(sort, request);
  return {
    GSI1PK: trackerRequestKeys.allPartition(sort),
    GSI1SK: value,
    ...(request.project_id
      ? { GSI2PK: trackerRequestKeys.projectPartition(sort, request.project_id), GSI2SK: value }
      : {}),
    GSI3PK: trackerRequestKeys.statusPartition(sort, request.status),
    GSI3SK: value,
    GSI4PK: trackerRequestKeys.priorityPartition(sort, request.priority),
    GSI4SK: value,
    GSI5PK: trackerRequestKeys.categoryPartition(sort, request.category),
    GSI5SK: value,
  };
}

/** The request item and its three sort views (full copies, so a list reads one item each). */
function requestItems(request: StoredTrackerRequest): Record<string, unknown>[] {
  return [
    { ...trackerRequestKeys.item(request.id), entity: 'TrackerRequest', ...request },
    ...TRACKER_REQUEST_SORTS.map((sort) => ({
      ...trackerRequestKeys.view(request.id, sort),
      // A merged request is in no list: its views keep no index keys.
      ...(request.merged_into ? {} : viewIndexKeys(sort, request)),
      entity: 'TrackerRequestView',
      view: sort,
      ...request,
    })),
  ];
}

export const trackerRequestTarget: TrackerTarget<StoredTrackerRequest> = {
  type: 'feature_request',
  key: trackerRequestKeys.item,
  items: requestItems,
};

/** The API shape of a stored request (without the caller's vote, added by the list). */
export function toTrackerRequest(item: Record<string, unknown>): StoredTrackerRequest {
  return { comment_count: 0, ...withoutKeys(item) } as StoredTrackerRequest;
}

/**
 * Stores a new 'Open' request: the request and its sort views, the tracker counters and the
 * activity entries (site-wide and the project's) in one transaction. A chosen project must exist
 * until the transaction commits.
 */
export async function createTrackerRequest(
  input: TrackerFeatureRequestFields,
  author: TrackerAuthor,
  now = new Date(),
): Promise<StoredTrackerRequest> {
  const unknownProject = () =>
    new ValidationError(
      [{ field: 'project_id', message: TRACKER_MESSAGES.unknownProject }],
      TRACKER_MESSAGES.unknownProject,
    );
  let project: TrackerProject | null = null;
  if (input.project_id) {
    const found = await getProject(input.project_id);
    if (!found) throw unknownProject();
    project = { id: found.id, title: found.title, group_name: found.group_name };
  }
  const request: StoredTrackerRequest = newTrackerRequest(input, project, now);
  const projectCheck = project
    ? [
        {
          ConditionCheck: {
            TableName: tableName,
            Key: projectKeys.item(project.id),
            ConditionExpression: 'attribute_exists(PK)',
          },
        },
      ]
    : [];
  try {
    const items = [
      ...projectCheck,
      ...newRequestItems(request, author, ulid(now.getTime())).map((item) => putNew(item)),
      requestCounterUpdate({ total: 1, [request.status]: 1 }),
      {
        Put: {
          TableName: tableName,
          Item: webhookEventItem(
            'request.created',
            {
              subject: webhookSubject('tracker_request', request.id, request.title, project),
              author: author.name ?? null,
            },
            now,
          ),
        },
      },
      // A signed-in author follows their request.
      ...(author.userId
        ? [
            {
              Update: {
                TableName: tableName,
                ...followerUpdate(
                  { type: 'tracker_request', id: request.id },
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
  } catch (error) {
    if (project && failedCondition(cancellationCodes(error), 0)) throw unknownProject();
    throw error;
  }
  emitMetrics({ TrackerRequestsCreated: 1 });
  return request;
}

/**
 * Every item a new request writes besides its counters: the request, its sort views and its
 * activity entries (exported for tests that fill the table in bulk).
 */
export function newRequestItems(
  request: StoredTrackerRequest,
  author: TrackerAuthor,
  activityId: string,
): Record<string, unknown>[] {
  return [
    ...requestItems(request),
    ...activityItems({
      type: 'feature_request',
      id: activityId,
      referenceId: request.id,
      title: request.title,
      description: request.description,
      project: request.project,
      author,
      createdAt: request.created_at,
    }),
  ];
}

/** A new request's stored fields. */
export function newTrackerRequest(
  input: TrackerFeatureRequestFields,
  project: TrackerProject | null,
  now = new Date(),
): StoredTrackerRequest {
  const timestamp = now.toISOString();
  return {
    id: ulid(now.getTime()),
    title: input.title,
    description: input.description,
    votes: 0,
    comment_count: 0,
    status: TRACKER_DEFAULTS.status,
    priority: input.priority,
    category: input.category,
    tags: input.tags,
    created_at: timestamp,
    date: timestamp.slice(0, 10),
    project_id: project?.id ?? null,
    project,
  };
}

export interface TrackerRequestFilters {
  readonly status?: TrackerStatus | undefined;
  readonly priority?: TrackerPriority | undefined;
  readonly category?: TrackerCategory | undefined;
  readonly projectId?: string | undefined;
}

/**
 * Where a filtered, sorted list reads: the sort order's partition of the most selective filter
 * given (project, then category, then priority, then status), the other filters applied after.
 */
export function trackerRequestQuery(
  filters: TrackerRequestFilters,
  sort: TrackerRequestSort,
  descending: boolean,
): PartitionQuery & { index: IndexName } {
  const { projectId, category, priority, status } = filters;
  const rest = (used: string) =>
    equalityFilter(
      Object.fromEntries(
        Object.entries({ project_id: projectId, category, priority, status }).filter(
          (entry): entry is [string, string] => entry[0] !== used && entry[1] !== undefined,
        ),
      ),
    );
  const base = { descending };
  if (projectId) {
    const partition = trackerRequestKeys.projectPartition(sort, projectId);
    return { ...base, index: 'GSI2', partition, filter: rest('project_id') };
  }
  if (category) {
    const partition = trackerRequestKeys.categoryPartition(sort, category);
    return { ...base, index: 'GSI5', partition, filter: rest('category') };
  }
  if (priority) {
    const partition = trackerRequestKeys.priorityPartition(sort, priority);
    return { ...base, index: 'GSI4', partition, filter: rest('priority') };
  }
  if (status) {
    const partition = trackerRequestKeys.statusPartition(sort, status);
    return { ...base, index: 'GSI3', partition, filter: rest('status') };
  }
  return { ...base, index: 'GSI1', partition: trackerRequestKeys.allPartition(sort) };
}

/** One page of requests under these filters in this order: one Query with a Limit. */
export async function listTrackerRequests(
  filters: TrackerRequestFilters,
  sort: TrackerRequestSort,
  descending: boolean,
  limit: number,
  cursor?: string,
): Promise<Page<StoredTrackerRequest>> {
  const query = trackerRequestQuery(filters, sort, descending);
  const page = await queryPage(query, limit, cursor);
  return { items: page.items.map(toTrackerRequest), nextCursor: page.nextCursor };
}
