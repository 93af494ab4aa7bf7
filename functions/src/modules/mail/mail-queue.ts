import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../table/client';
import { TABLE_DEFINITION } from '../table/table-definition';
import { mailRequestItem, type MailRequest } from './mail-requests';

/** Queues one account mail; the table stream's function sends it within about a second. */
export async function queueMail(request: MailRequest, now = new Date()): Promise<void> {
  await db.send(new PutCommand({ TableName: tableName, Item: mailRequestItem(request, now) }));
}

/** The key of a queued request, as its stream record names it. */
export interface MailRequestKey {
  readonly partition: string;
  readonly sort: string;
}

const keyOf = (key: MailRequestKey) => ({
  [TABLE_DEFINITION.partitionKey]: key.partition,
  [TABLE_DEFINITION.sortKey]: key.sort,
});

const isConditionFailure = (error: unknown) =>
  (error as { name?: string }).name === 'ConditionalCheckFailedException';

/**
 * Claims a queued request for sending, so that its mail goes out once however often its stream
 * record comes (a batch is retried from the lowest record any stream concern failed, and a second
 * account mail would void the link of the first). Answers `claimed` for the one caller that marks
 * it `sent_at`, `taken` when it was already claimed, and `gone` when its item has expired (nothing
 * to claim: the stream keeps records a day, as long as the item lives, so only a record at the
 * edge of both finds it gone, and its mail is sent as asked). A claimed request also answers the
 * origin its links go to (`site_origin`), when it names one.
 */
export async function claimMailRequest(
  key: MailRequestKey,
  now = new Date(),
): Promise<
  { readonly state: 'claimed'; readonly origin?: string } | { readonly state: 'taken' | 'gone' }
> {
  try {
    const { Attributes } = await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keyOf(key),
        UpdateExpression: 'SET sent_at = :now',
        ConditionExpression: 'attribute_exists(#pk) AND attribute_not_exists(sent_at)',
        ExpressionAttributeNames: { '#pk': TABLE_DEFINITION.partitionKey },
        ExpressionAttributeValues: { ':now': now.toISOString() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    const origin = Attributes?.site_origin as string | undefined;
    return { state: 'claimed', ...(origin ? { origin } : {}) };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  const answer = await db.send(
    new GetCommand({
      TableName: tableName,
      Key: keyOf(key),
      ProjectionExpression: 'sent_at',
      ConsistentRead: true,
    }),
  );
  return { state: answer.Item ? 'taken' : 'gone' };
}

/** Gives a claimed request back after its mail failed, for the retried record to send it. */
export async function releaseMailRequest(key: MailRequestKey): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keyOf(key),
        UpdateExpression: 'REMOVE sent_at',
        ConditionExpression: 'attribute_exists(#pk)',
        ExpressionAttributeNames: { '#pk': TABLE_DEFINITION.partitionKey },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
