import {
  DynamoDBClient,
  PutItemCommand,
  QueryCommand,
  type AttributeValue,
} from '@aws-sdk/client-dynamodb';
import { MAIL_STREAM_FILTER } from '@hatchworks/functions/modules/mail/mail-requests';
import { NOTIFICATION_STREAM_FILTER } from '@hatchworks/functions/modules/notifications/notification-events';
import { TABLE_DEFINITION } from '@hatchworks/functions/modules/table/table-definition';
import { OpsError, regional, type OpsEnvironment } from '../ops-environment';
import { readStackOutputs } from '../stack-outputs';

/** Partitions whose new items the stream turns into mails and notifications. */
const STREAM_TRIGGERING = [MAIL_STREAM_FILTER, NOTIFICATION_STREAM_FILTER].map(
  (filter) => filter.partitionKeyPrefix,
);

/**
 * Copies one partition (a user is `USER#<id>`: profile, balance, ledger, votes) from a restored
 * table into the stack's live table, every page of it. Each item replaces the live one whole;
 * items written to the partition after the restore point stay.
 */
export async function copyPartition(
  ops: OpsEnvironment,
  options: { readonly from: string; readonly pk: string },
): Promise<void> {
  if (STREAM_TRIGGERING.some((prefix) => options.pk.startsWith(prefix))) {
    throw new OpsError(
      `${options.pk}: copying a ${STREAM_TRIGGERING.join(' or ')} item sends its mail or notification again.`,
    );
  }
  const live = (await readStackOutputs(ops)).get('TableName');
  if (live === options.from) throw new OpsError(`--from ${options.from} is the live table itself.`);
  const dynamo = new DynamoDBClient(regional(ops));
  let copied = 0;
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await dynamo.send(
      new QueryCommand({
        TableName: options.from,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': TABLE_DEFINITION.partitionKey },
        ExpressionAttributeValues: { ':pk': { S: options.pk } },
        ConsistentRead: true,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    for (const item of page.Items ?? []) {
      await dynamo.send(new PutItemCommand({ TableName: live, Item: item }));
      copied += 1;
    }
    start = page.LastEvaluatedKey;
  } while (start);
  const region = ops.region ? `AWS_REGION=${ops.region} ` : '';
  ops.print(`Copied ${copied} item(s) of ${options.pk} from ${options.from} into ${live}.`);
  ops.print(`Check: ${region}npm run admin -- audit-ledger --table ${live}`);
}
