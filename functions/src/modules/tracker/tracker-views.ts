import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { VoteTargetType } from '@hatchworks/shared/schemas/tracker';
import type {
  TrackerMergedFrom,
  TrackerMergedInto,
} from '@hatchworks/shared/schemas/tracker-merge';
import { db, tableName } from '../table/client';
import { TABLE_DEFINITION } from '../table/table-definition';

/** What every votable tracker record has. */
export interface VotableRecord {
  readonly id: string;
  readonly votes: number;
  /** Live comments, kept by the comment transactions; absent on old records. */
  readonly comment_count?: number;
  /** Set while this record is merged into another (votes refused, hidden from lists). */
  readonly merged_into?: TrackerMergedInto;
  /** The records merged into this one (and not unmerged). */
  readonly merged_from?: readonly TrackerMergedFrom[];
  /** Bumped by every merge step that rewrites merged_into / merged_from. */
  readonly merge_version?: number;
}

/**
 * A kind of tracker record anyone can vote on: how to read it and the items that store it (the
 * record first, then one sort view per sort order). A vote rewrites all of them together.
 */
export interface TrackerTarget<R extends VotableRecord> {
  readonly type: VoteTargetType;
  readonly key: (id: string) => Record<string, string>;
  readonly items: (record: R) => Record<string, unknown>[];
}

/** Reads a tracker record (strongly consistent: votes re-read it after a lost race). */
export async function getRecord<R extends VotableRecord>(
  target: TrackerTarget<R>,
  id: string,
): Promise<R | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: target.key(id), ConsistentRead: true }),
  );
  return Item ? (withoutKeys(Item) as unknown as R) : undefined;
}

/** The record's own fields, without table keys. */
export function withoutKeys(item: Record<string, unknown>): Record<string, unknown> {
  const fields = { ...item };
  for (const name of [
    TABLE_DEFINITION.partitionKey,
    TABLE_DEFINITION.sortKey,
    ...TABLE_DEFINITION.globalIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
    'entity',
    'view',
  ]) {
    delete fields[name];
  }
  return fields;
}

/** A FilterExpression of equality tests on the filters not used as the partition. */
export function equalityFilter(filters: Record<string, string>) {
  const entries = Object.entries(filters);
  if (entries.length === 0) return undefined;
  return {
    expression: entries.map((_, index) => `#f${index} = :f${index}`).join(' AND '),
    names: Object.fromEntries(entries.map(([name], index) => [`#f${index}`, name])),
    values: Object.fromEntries(entries.map(([, value], index) => [`:f${index}`, value])),
  };
}

/**
 * The condition that a tracker record was not voted on, moved, commented on nor announced since
 * it was read, for any transaction that rewrites the record's copies from what it read (a vote, a
 * status change): neither may write an older count, status or announcement back.
 * Every status change sets `status_changed_at`, so it works as the record's status version.
 */
export function unchangedSince(
  record: VotableRecord & {
    readonly status_changed_at?: string;
    readonly comment_count?: number;
    readonly announced_in?: string;
    readonly merge_version?: number;
  },
) {
  const conditions = [
    'votes = :readVotes',
    record.status_changed_at
      ? 'status_changed_at = :readChangedAt'
      : 'attribute_not_exists(status_changed_at)',
    record.comment_count === undefined
      ? 'attribute_not_exists(comment_count)'
      : 'comment_count = :readComments',
    record.announced_in === undefined
      ? 'attribute_not_exists(announced_in)'
      : 'announced_in = :readAnnounced',
    // A merge (or unmerge) rewrote merged_into / merged_from since.
    record.merge_version === undefined
      ? 'attribute_not_exists(merge_version)'
      : 'merge_version = :readMergeVersion',
  ];
  return {
    ConditionExpression: conditions.join(' AND '),
    ExpressionAttributeValues: {
      ':readVotes': record.votes,
      ...(record.status_changed_at ? { ':readChangedAt': record.status_changed_at } : {}),
      ...(record.comment_count === undefined ? {} : { ':readComments': record.comment_count }),
      ...(record.announced_in === undefined ? {} : { ':readAnnounced': record.announced_in }),
      ...(record.merge_version === undefined ? {} : { ':readMergeVersion': record.merge_version }),
    },
  };
}
