import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../table/client';
import { trackerVoteKeys } from '../table/keys';

/*
 * One-off OPERATOR task (never on a request path, imported by no handler): gives the
 * tracker votes written before the merge their GSI1 keys (`TRACKER_VOTES#<type>#<id>` / `<voter>`),
 * so a merge finds them. Votes have no index to read them by, so this is a paged Scan of the table
 * (filtered to vote items without the keys), throttled by its page size, resumable from the key it
 * returns. Each update is conditional (the vote still exists and still has no keys), so it is safe
 * beside live votes and merges and can run twice.
 */

export interface BackfillPage {
  /** Votes given their keys in this run. */
  readonly updated: number;
  /** Where to go on (`startKey` of the next run); undefined when the table was read to its end. */
  readonly nextKey: Record<string, unknown> | undefined;
}

export async function backfillTrackerVoteIndex(
  options: { startKey?: Record<string, unknown>; pageSize?: number; maxPages?: number } = {},
): Promise<BackfillPage> {
  let startKey = options.startKey;
  let updated = 0;
  for (let page = 0; page < (options.maxPages ?? Number.POSITIVE_INFINITY); page += 1) {
    const { Items = [], LastEvaluatedKey } = await db.send(
      new ScanCommand({
        TableName: tableName,
        FilterExpression:
          'begins_with(PK, :voter) AND begins_with(SK, :vote) AND attribute_not_exists(GSI1PK)',
        ExpressionAttributeValues: { ':voter': 'TRACKER_VOTER#', ':vote': 'VOTE#' },
        Limit: options.pageSize ?? 200,
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    for (const item of Items) {
      if (typeof item.target_type !== 'string' || typeof item.target_id !== 'string') continue;
      const keys = trackerVoteKeys.byTarget(
        item.target_type,
        item.target_id,
        String(item.voter_id),
      );
      try {
        await db.send(
          new UpdateCommand({
            TableName: tableName,
            Key: { PK: item.PK, SK: item.SK },
            UpdateExpression: 'SET GSI1PK = :pk, GSI1SK = :sk',
            ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(GSI1PK)',
            ExpressionAttributeValues: { ':pk': keys.GSI1PK, ':sk': keys.GSI1SK },
          }),
        );
        updated += 1;
      } catch (error) {
        // Removed or re-keyed meanwhile (a vote toggled off, a merge moved it): nothing to do.
        if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
      }
    }
    startKey = LastEvaluatedKey;
    if (!startKey) return { updated, nextKey: undefined };
  }
  return { updated, nextKey: startKey };
}
