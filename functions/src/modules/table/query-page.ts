import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ValidationError } from '../../lib/errors';
import { db, tableName } from './client';
import { decodeCursor, encodeCursor } from './cursor';
import { TABLE_DEFINITION, type IndexName } from './table-definition';

/** One page of a list and the cursor of the next (null on the last page). */
export interface Page<T> {
  readonly items: T[];
  readonly nextCursor: string | null;
}

/** A FilterExpression applied after the key condition (it does not lower the read cost). */
export interface QueryFilter {
  readonly expression: string;
  readonly names: Record<string, string>;
  readonly values: Record<string, unknown>;
}

/** Where a list reads: one partition of the table or of a GSI, maybe only a sort-key prefix. */
export interface PartitionQuery {
  /** The GSI to read; the table itself when absent. */
  readonly index?: IndexName;
  readonly partition: string;
  readonly sortKeyPrefix?: string;
  /** Descending sort-key order (newest first for ULID-ordered keys). */
  readonly descending?: boolean;
  /** Drops items after reading; a page may then hold fewer than `limit` items. */
  readonly filter?: QueryFilter | undefined;
}

function keyNames(index: IndexName | undefined): { partitionKey: string; sortKey: string } {
  if (!index) return TABLE_DEFINITION;
  const definition = TABLE_DEFINITION.globalIndexes.find((each) => each.indexName === index);
  if (!definition) throw new Error(`Unknown index ${index}`);
  return definition;
}

/** Whether a decoded cursor was taken from this very list (same partition and sort-key range). */
function startsInside(
  start: Record<string, unknown>,
  query: PartitionQuery,
  partitionKey: string,
  sortKey: string,
): boolean {
  if (start[partitionKey] !== query.partition) return false;
  const sortValue = start[sortKey];
  if (typeof sortValue !== 'string') return false;
  return !query.sortKeyPrefix || sortValue.startsWith(query.sortKeyPrefix);
}

/**
 * One page of a partition: a Query with a Limit and the caller's cursor, never a Scan. Every
 * paginated list of the API reads through here, so the cursor rules are the same everywhere.
 */
export async function queryPage(
  query: PartitionQuery,
  limit: number,
  cursor: string | undefined,
): Promise<Page<Record<string, unknown>>> {
  const { partitionKey, sortKey } = keyNames(query.index);
  const start = decodeCursor(cursor);
  if (start && !startsInside(start, query, partitionKey, sortKey)) {
    // DynamoDB would refuse a start key outside the queried range with a server error.
    throw new ValidationError([{ field: 'cursor', message: 'Invalid cursor' }]);
  }
  const result = await db.send(
    new QueryCommand({
      TableName: tableName,
      ...(query.index ? { IndexName: query.index } : {}),
      KeyConditionExpression: query.sortKeyPrefix
        ? '#pk = :pk AND begins_with(#sk, :prefix)'
        : '#pk = :pk',
      ...(query.filter ? { FilterExpression: query.filter.expression } : {}),
      ExpressionAttributeNames: {
        '#pk': partitionKey,
        ...(query.sortKeyPrefix ? { '#sk': sortKey } : {}),
        ...query.filter?.names,
      },
      ExpressionAttributeValues: {
        ':pk': query.partition,
        ...(query.sortKeyPrefix ? { ':prefix': query.sortKeyPrefix } : {}),
        ...query.filter?.values,
      },
      ...(query.descending ? { ScanIndexForward: false } : {}),
      Limit: limit,
      ...(start ? { ExclusiveStartKey: start } : {}),
    }),
  );
  return { items: result.Items ?? [], nextCursor: encodeCursor(result.LastEvaluatedKey) };
}
