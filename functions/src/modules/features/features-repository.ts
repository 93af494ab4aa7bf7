import { webhookEventItem, webhookSubject } from '../webhooks/webhook-events';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { EGGS } from '@hatchworks/shared/constants';
import {
  FEATURE_MESSAGES,
  FEATURE_STATUSES,
  PUBLIC_FEATURE_STATUSES,
  type Feature,
  type FeatureStats,
  type FeatureStatus,
} from '@hatchworks/shared/schemas/features';
import type { CreateFeatureInputSchema } from '@hatchworks/shared/schemas/features';
import { publicDisplayName } from '@hatchworks/shared/schemas/user-names';
import type { LedgerEntry, LedgerFeature } from '@hatchworks/shared/schemas/eggs';
import type * as z from 'zod/mini';
import { AppError, ForbiddenError } from '../../lib/errors';
import { changeBalance } from '../eggs/balance-change';
import type { StoredUser } from '../accounts/users-repository';
import { batchGetItems } from '../table/batch-get';
import { db, tableName } from '../table/client';
import { followerUpdate } from '../notifications/notification-events';
import { counterKeys, featureKeys, projectKeys } from '../table/keys';
import { referencedFeatureId, withFeatures } from '../eggs/ledger';
import { getProject } from '../projects/projects-repository';
import { queryPage, type Page, type PartitionQuery, type QueryFilter } from '../table/query-page';
import { putNew, type TransactItem } from '../table/transactions';

/** One request merged into this one, as stored in its `merged_from` map. */
export interface StoredMergedFrom {
  readonly id: string;
  readonly title: string;
  /** When that merge started (the map is answered oldest first). */
  readonly started_at: string;
  /** When it finished (from then on it can be undone for 30 days). */
  readonly merged_at?: string;
}

/** A feature as stored (its API fields, the author's id and a snapshot of names). */
export interface StoredFeature extends Omit<
  Feature,
  'project' | 'user' | 'comment_count' | 'merged_from'
> {
  /** Live comments, replies included; absent on features nobody commented on yet. */
  readonly comment_count?: number;
  /** The requests merged into this one, by id (REMOVEd one by one on unmerge). */
  readonly merged_from?: Readonly<Record<string, StoredMergedFrom>>;
  /** On a merged request, the status it had before (an unmerge puts it back). */
  readonly status_before_merge?: FeatureStatus;
  readonly project_title: string;
  readonly user_display_name: string;
  readonly user_username: string;
}

export const isPublicStatus = (status: FeatureStatus) =>
  (PUBLIC_FEATURE_STATUSES as readonly string[]).includes(status);

/** Statuses that count as open on a project: pending, approved, in progress. */
export const isOpenStatus = (status: FeatureStatus) =>
  status === 'pending' || status === 'approved' || status === 'in_progress';

export function toApiFeature(item: StoredFeature): Feature {
  const feature: Feature = {
    id: item.id,
    title: item.title,
    description: item.description,
    feature_type: item.feature_type,
    project_id: item.project_id,
    project: { title: item.project_title },
    user_id: item.user_id,
    // The snapshot holds no email to compare with: a name that reads as one shows the username.
    user: {
      display_name: publicDisplayName({
        display_name: item.user_display_name,
        username: item.user_username,
      }),
      username: item.user_username,
    },
    status: item.status,
    priority_level: item.priority_level,
    total_eggs: item.total_eggs,
    vote_count: item.vote_count,
    comment_count: item.comment_count ?? 0,
    tags: item.tags,
    created_at: item.created_at,
    updated_at: item.updated_at,
  };
  if (item.use_case) feature.use_case = item.use_case;
  if (item.expected_benefits) feature.expected_benefits = item.expected_benefits;
  if (item.approval_notes) feature.approval_notes = item.approval_notes;
  if (item.merged_into)
    feature.merged_into = { id: item.merged_into.id, title: item.merged_into.title };
  if (item.merged_at) feature.merged_at = item.merged_at;
  const mergedFrom = Object.values(item.merged_from ?? {});
  if (mergedFrom.length > 0) {
    feature.merged_from = mergedFrom
      .sort((a, b) => a.started_at.localeCompare(b.started_at))
      .map(({ id, title }) => ({ id, title }));
  }
  return feature;
}

/** Every GSI attribute of a feature with this status and total. */
export function featureIndexKeys(status: FeatureStatus, totalEggs: number, id: string) {
  return {
    ...featureKeys.byStatus(status, totalEggs, id),
    ...featureKeys.all(totalEggs, id),
    ...featureKeys.projectRank(totalEggs, id),
    ...(isPublicStatus(status) ? featureKeys.visible(totalEggs, id) : {}),
  };
}

/**
 * The `SET`/`REMOVE` clauses that move a feature's index keys to a new status or total, with
 * their values (names are the attributes themselves, so no placeholders are needed).
 */
export function featureIndexUpdate(status: FeatureStatus, totalEggs: number, id: string) {
  const keys: Record<string, string> = featureIndexKeys(status, totalEggs, id);
  const set = Object.keys(keys).map((name) => `${name} = :idx_${name}`);
  const values = Object.fromEntries(Object.entries(keys).map(([k, v]) => [`:idx_${k}`, v]));
  const remove = isPublicStatus(status) ? [] : ['GSI2PK', 'GSI2SK'];
  return { set, remove, values };
}

/** Whether the feature's index keys are those of its current status and total. */
export function hasSettledRank(feature: StoredFeature): boolean {
  const item = feature as unknown as Record<string, unknown>;
  const keys: Record<string, string> = featureIndexKeys(
    feature.status,
    feature.total_eggs,
    feature.id,
  );
  return (
    Object.entries(keys).every(([name, value]) => item[name] === value) &&
    (isPublicStatus(feature.status) || item.GSI2PK === undefined)
  );
}

/** How long a vote's own settling may take before a list settles the rank for it. */
export const RANK_REPAIR_AFTER_MS = 10_000;

/**
 * Rewrites a feature's rank keys from its current `total_eggs` and status, on the condition that
 * both are still as read. Votes `ADD` to the total without touching the rank (so simultaneous
 * votes on one feature never wait for each other), then each voter settles the rank right after
 * its transaction. A failed condition means a later vote or a status change moved the feature
 * after this read, and that writer settles it in turn (a status change writes the rank of the
 * total it read, on the condition that it is still the total), so whoever moves the feature last
 * writes the rank that stays, and no one retries.
 */
export function settleFeatureRank(id: string): Promise<void> {
  // One settle per feature at a time in this process, and callers arriving while one waits to
  // start share it: it reads after their votes committed, so it settles them too. A Lambda
  // environment serves one request at a time, so this only saves work in a long-lived process
  // (the local stack), where many votes on one feature otherwise each read and write it.
  const waiting = settlesWaiting.get(id);
  if (waiting) return waiting;
  const run = (settlesRunning.get(id) ?? Promise.resolve()).then(() => {
    settlesWaiting.delete(id);
    return settleOnce(id);
  });
  settlesWaiting.set(id, run);
  const running = run.catch(() => undefined);
  settlesRunning.set(id, running);
  void running.then(() => {
    if (settlesRunning.get(id) === running) settlesRunning.delete(id);
  });
  return run;
}

const settlesWaiting = new Map<string, Promise<void>>();
const settlesRunning = new Map<string, Promise<void>>();

async function settleOnce(id: string): Promise<void> {
  const feature = await getFeature(id);
  if (!feature || hasSettledRank(feature)) return;
  const index = featureIndexUpdate(feature.status, feature.total_eggs, id);
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: featureKeys.item(id),
        UpdateExpression:
          `SET ${index.set.join(', ')}` +
          (index.remove.length ? ` REMOVE ${index.remove.join(', ')}` : ''),
        ConditionExpression: '#status = :status AND total_eggs = :total',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':status': feature.status,
          ':total': feature.total_eggs,
          ...index.values,
        },
      }),
    );
  } catch (error) {
    // Moved on meanwhile (see above), or, on AWS, inside a status change's transaction right
    // now, which writes the rank itself.
    const name = (error as { name?: unknown }).name;
    if (name !== 'ConditionalCheckFailedException' && name !== 'TransactionConflictException') {
      throw error;
    }
  }
}

export async function getFeature(id: string): Promise<StoredFeature | undefined> {
  const result = await db.send(
    new GetCommand({ TableName: tableName, Key: featureKeys.item(id), ConsistentRead: true }),
  );
  return result.Item as StoredFeature | undefined;
}

/** The features with these ids (at most 100), in the given order; missing ones are skipped. */
export async function getFeatures(ids: readonly string[]): Promise<StoredFeature[]> {
  const found = await batchGetFeatures(ids);
  return ids.flatMap((id) => found.get(id) ?? []);
}

/** The features with these ids by id (missing ones are absent), read in one batch. */
export async function batchGetFeatures(
  ids: readonly string[],
): Promise<Map<string, StoredFeature>> {
  const items = (await batchGetItems(
    [...new Set(ids)].map((id) => featureKeys.item(id)),
  )) as unknown as StoredFeature[];
  return new Map(items.map((item) => [item.id, item]));
}

/**
 * Whether `viewer` may see the feature: public statuses to everyone, pending and rejected ones
 * to their author and admins (the rule of `GET /api/features/{id}`). A merged request
 * is shown to everyone by id, as a page that links to the request it was merged into, but it is
 * listed to admins only (see `listFeatures`).
 */
export const isFeatureVisibleTo = (
  feature: Pick<StoredFeature, 'status' | 'user_id'>,
  viewer: { readonly id: string; readonly role: string },
) =>
  isPublicStatus(feature.status) ||
  feature.status === 'merged' ||
  viewer.role === 'admin' ||
  viewer.id === feature.user_id;

/**
 * Ledger entries with the feature request each feature entry is about, as `viewer` may see it
 * (`null` when gone or hidden): one BatchGetItem for the entries' distinct features.
 */
export async function withLedgerFeatures(
  entries: readonly LedgerEntry[],
  viewer: { readonly id: string; readonly role: string },
): Promise<LedgerEntry[]> {
  const stored = await batchGetFeatures(
    entries.flatMap((entry) => referencedFeatureId(entry) ?? []),
  );
  const visible = new Map<string, LedgerFeature>();
  for (const { id, title, status, project_id, user_id } of stored.values()) {
    if (isFeatureVisibleTo({ status, user_id }, viewer)) {
      visible.set(id, { id, title, status, project_id });
    }
  }
  return withFeatures(entries, visible);
}

/** Project feature counts: add `deltas` (e.g. `{open: -1, completed: 1}`) in a transaction. */
export function projectCountsUpdate(
  projectId: string,
  hasCounts: boolean,
  deltas: { total?: number; open?: number; completed?: number },
): TransactItem {
  const key = projectKeys.item(projectId);
  if (!hasCounts) {
    // The map does not exist yet: create it whole, on the condition that it still does not.
    return {
      Update: {
        TableName: tableName,
        Key: key,
        UpdateExpression: 'SET feature_counts = :counts',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(feature_counts)',
        ExpressionAttributeValues: {
          ':counts': {
            total: Math.max(0, deltas.total ?? 0),
            open: Math.max(0, deltas.open ?? 0),
            completed: Math.max(0, deltas.completed ?? 0),
          },
        },
      },
    };
  }
  const entries = Object.entries(deltas).filter(([, delta]) => delta !== 0);
  return {
    Update: {
      TableName: tableName,
      Key: key,
      UpdateExpression: `ADD ${entries.map(([name]) => `feature_counts.#${name} :${name}`).join(', ')}`,
      ConditionExpression: 'attribute_exists(feature_counts)',
      ExpressionAttributeNames: Object.fromEntries(entries.map(([name]) => [`#${name}`, name])),
      ExpressionAttributeValues: Object.fromEntries(
        entries.map(([name, delta]) => [`:${name}`, delta]),
      ),
    },
  };
}

/** The site-wide feature counters: add `deltas` by status (and `total`). */
export function featureCountersUpdate(deltas: Record<string, number>): TransactItem {
  const entries = Object.entries(deltas).filter(([, delta]) => delta !== 0);
  return {
    Update: {
      TableName: tableName,
      Key: counterKeys.features,
      UpdateExpression: `ADD ${entries.map(([name]) => `#${name} :${name}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(entries.map(([name]) => [`#${name}`, name])),
      ExpressionAttributeValues: Object.fromEntries(
        entries.map(([name, delta]) => [`:${name}`, delta]),
      ),
    },
  };
}

/** How a deleted author is named (as on the user's tombstone). */
const DELETED_USER = 'Deleted user';

const notEnoughEggs = () => new AppError(400, 'VALIDATION_ERROR', FEATURE_MESSAGES.notEnoughEggs);
const selectProject = () => new AppError(400, 'VALIDATION_ERROR', FEATURE_MESSAGES.selectProject);

/**
 * Creates a pending feature request for 100 eggs: the charge, its ledger entry, the feature, the
 * author's pointer and counters, the project's counts and the site counters in one transaction.
 */
export function createFeature(
  userId: string,
  input: z.output<typeof CreateFeatureInputSchema>,
  idempotencyKey?: string,
  now = new Date(),
): Promise<Feature> {
  const id = ulid(now.getTime());
  const timestamp = now.toISOString();
  return changeBalance<Feature, StoredUser>({
    userId,
    now,
    ...(idempotencyKey
      ? { idempotency: { operation: 'create-feature', key: idempotencyKey, request: input } }
      : {}),
    plan: async (user) => {
      if (user.egg_balance < EGGS.featureCreationCost) throw notEnoughEggs();
      const project = await getProject(input.project_id);
      if (!project) throw selectProject();
      const stored: StoredFeature = {
        id,
        title: input.title,
        description: input.description,
        feature_type: input.feature_type,
        project_id: project.id,
        project_title: project.title,
        user_id: user.id,
        user_display_name: publicDisplayName(user),
        user_username: user.username,
        status: 'pending',
        priority_level: input.priority_level,
        total_eggs: 0,
        vote_count: 0,
        tags: input.tags,
        ...(input.use_case ? { use_case: input.use_case } : {}),
        ...(input.expected_benefits ? { expected_benefits: input.expected_benefits } : {}),
        created_at: timestamp,
        updated_at: timestamp,
      };
      return {
        amount: -EGGS.featureCreationCost,
        kind: 'feature_creation',
        reference: id,
        metrics: { FeatureRequestsCreated: 1 },
        userSet: ['features_created = if_not_exists(features_created, :zero) + :one'],
        values: { ':zero': 0, ':one': 1 },
        insufficient: notEnoughEggs,
        effects: () => [
          putNew({
            ...featureKeys.item(id),
            ...featureIndexKeys('pending', 0, id),
            ...featureKeys.inProject(project.id),
            entity: 'Feature',
            ...stored,
          }),
          putNew({
            ...featureKeys.ofUser(user.id, id),
            entity: 'UserFeature',
            feature_id: id,
            created_at: timestamp,
          }),
          projectCountsUpdate(project.id, project.feature_counts !== undefined, {
            total: 1,
            open: 1,
          }),
          featureCountersUpdate({ total: 1, pending: 1 }),
          // The author follows their request.
          {
            Update: {
              TableName: tableName,
              ...followerUpdate({ type: 'feature', id }, user.id, 'author', now),
            },
          },
          {
            Put: {
              TableName: tableName,
              Item: webhookEventItem(
                'request.created',
                {
                  subject: webhookSubject('feature', id, stored.title, project),
                  author: stored.user_display_name,
                },
                now,
              ),
            },
          },
        ],
        // The project was deleted or got its counts meanwhile: plan again from fresh reads.
        effectFailed: () => 'retry',
        result: () => toApiFeature(stored),
      };
    },
  });
}

/**
 * One page of features, most eggs first. Without a status: every status for admins, the public
 * ones (approved, in progress, completed) for everyone else. Pending, rejected and merged lists
 * are for admins only. With a project: that project's partition of GSI4, filtered by status (a project's
 * hidden requests are few, so the filter reads little that it drops).
 */
export async function listFeatures(options: {
  status?: FeatureStatus | undefined;
  projectId?: string | undefined;
  isAdmin: boolean;
  limit: number;
  cursor?: string | undefined;
}): Promise<Page<Feature>> {
  const { status, projectId, isAdmin } = options;
  if (status && !isPublicStatus(status) && !isAdmin) {
    throw new ForbiddenError('Only admins can list pending, rejected or merged feature requests');
  }
  const query: PartitionQuery = projectId
    ? { index: 'GSI4', partition: featureKeys.projectPartition(projectId), filter: statusFilter() }
    : status
      ? { index: 'GSI1', partition: featureKeys.statusPartition(status) }
      : isAdmin
        ? { index: 'GSI3', partition: featureKeys.allPartition }
        : { index: 'GSI2', partition: featureKeys.visiblePartition };
  const page = await queryPage(query, options.limit, options.cursor);
  const features = page.items as unknown as StoredFeature[];
  // A rank left behind by a vote whose own settling never ran (its process died) is settled by
  // the first list that shows it; the page keeps the order it was read in.
  const stale = Date.now() - RANK_REPAIR_AFTER_MS;
  await Promise.all(
    features
      .filter((each) => !hasSettledRank(each) && Date.parse(each.updated_at) < stale)
      .map((each) => settleFeatureRank(each.id)),
  );
  return {
    items: features.map(toApiFeature),
    nextCursor: page.nextCursor,
  };

  function statusFilter(): QueryFilter | undefined {
    const statuses: readonly FeatureStatus[] = status
      ? [status]
      : isAdmin
        ? []
        : PUBLIC_FEATURE_STATUSES;
    if (statuses.length === 0) return undefined;
    const placeholders = statuses.map((_, index) => `:status${index}`);
    return {
      expression: `#status IN (${placeholders.join(', ')})`,
      names: { '#status': 'status' },
      values: Object.fromEntries(statuses.map((each, index) => [`:status${index}`, each])),
    };
  }
}

/** The site-wide feature counters. */
export async function readFeatureStats(): Promise<FeatureStats> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: counterKeys.features }),
  );
  const count = (name: string) => Number(Item?.[name] ?? 0);
  return {
    total: count('total'),
    ...(Object.fromEntries(FEATURE_STATUSES.map((status) => [status, count(status)])) as Record<
      FeatureStatus,
      number
    >),
  };
}

/** The features a user created, newest first (pointer items in the user's partition). */
export async function listUserFeatures(
  userId: string,
  limit: number,
  cursor?: string,
): Promise<Page<StoredFeature>> {
  const page = await queryPage(
    {
      partition: featureKeys.ofUser(userId, '').PK,
      sortKeyPrefix: featureKeys.ofUserPrefix,
      descending: true,
    },
    limit,
    cursor,
  );
  const ids = page.items.map((item) => String(item.feature_id));
  return { items: await getFeatures(ids), nextCursor: page.nextCursor };
}

/**
 * Replaces the author's names on every feature they created by 'Deleted user' (after the account
 * is deleted). Page by page, one small update per feature: it is not one transaction, but each
 * step is idempotent, so running it again finishes what an interrupted run left.
 */
export async function anonymiseAuthor(userId: string): Promise<void> {
  let cursor: string | undefined;
  do {
    const page = await listUserFeatures(userId, 100, cursor);
    await Promise.all(
      page.items.map((feature) =>
        db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: featureKeys.item(feature.id),
            UpdateExpression: 'SET user_display_name = :deleted, user_username = :deleted',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':deleted': DELETED_USER },
          }),
        ),
      ),
    );
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}
