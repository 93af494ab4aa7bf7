import { Duration, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption, type IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { TABLE_DEFINITION } from '@hatchworks/functions/modules/table/table-definition';
import { acknowledgeWildcards } from './acknowledge-wildcards';
import type { AppFunction } from './app-function';
import type { TableStreamFilter } from '@hatchworks/functions/modules/table/stream-filter';

/**
 * A dead-letter queue (encrypted, TLS only, kept 14 days) for the failures of `owner`, e.g. 'the
 * mail event source': it has no dead-letter queue itself, which cdk-nag is told.
 */
export function deadLetterQueue(scope: Construct, id: string, owner: string): Queue {
  const queue = new Queue(scope, id, {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
  });
  Validations.of(queue).acknowledge({
    id: 'AwsSolutions-SQS3',
    reason: `This queue is the dead-letter queue of ${owner}; it has none itself.`,
  });
  return queue;
}

/**
 * Lambda takes at most five filters per event source mapping unless the account's quota is raised
 * (up to ten): "By default, you can define up to five different filters for a single event source
 * mapping" (https://docs.aws.amazon.com/lambda/latest/dg/invocation-eventfiltering.html).
 */
export const MAX_STREAM_FILTERS = 5;

const eventNamesOf = (filter: TableStreamFilter): readonly string[] =>
  typeof filter.eventName === 'string' ? [filter.eventName] : [...filter.eventName].sort();

/**
 * The event source filter patterns of `filters`, as few as they can be without selecting more:
 * filters with the same event names and sort key become one pattern whose partition key matches
 * any of their prefixes (a list of values in a pattern is a logical OR).
 */
export function filterPatterns(filters: readonly TableStreamFilter[]): Record<string, unknown>[] {
  const groups = new Map<
    string,
    { names: readonly string[]; sortKey?: string; prefixes: string[] }
  >();
  for (const filter of filters) {
    const names = eventNamesOf(filter);
    const group = JSON.stringify([names, filter.sortKey ?? null]);
    const found = groups.get(group);
    if (found) found.prefixes.push(filter.partitionKeyPrefix);
    else {
      groups.set(group, {
        names,
        ...(filter.sortKey === undefined ? {} : { sortKey: filter.sortKey }),
        prefixes: [filter.partitionKeyPrefix],
      });
    }
  }
  return [...groups.values()].map(({ names, sortKey, prefixes }) =>
    FilterCriteria.filter({
      eventName: names.length === 1 ? FilterRule.isEqual(names[0] ?? '') : FilterRule.or(...names),
      dynamodb: {
        Keys: {
          [TABLE_DEFINITION.partitionKey]: {
            S: prefixes.flatMap((prefix) => FilterRule.beginsWith(prefix)),
          },
          ...(sortKey === undefined
            ? {}
            : { [TABLE_DEFINITION.sortKey]: { S: FilterRule.isEqual(sortKey) } }),
        },
      },
    }),
  );
}

/**
 * Feeds a function the table stream's records its filters select (any of them), as the local
 * stack's stream poller does: 10 at a time, 3 retries, failed items reported one by one, and what
 * still fails parked in `deadLetters`. The stream has one such reader: DynamoDB Streams throttles
 * more than two readers of a shard (https://docs.aws.amazon.com/lambda/latest/dg/with-ddb.html,
 * "Concurrent readers of a shard in DynamoDB Streams").
 */
export function consumeTableStream(
  consumer: AppFunction,
  table: ITable,
  filters: readonly TableStreamFilter[],
  deadLetters: IQueue,
): void {
  const patterns = filterPatterns(filters);
  if (patterns.length > MAX_STREAM_FILTERS) {
    throw new Error(
      `The table stream's event source needs ${patterns.length} filter patterns; Lambda takes ` +
        `${MAX_STREAM_FILTERS} unless the account's quota is raised (infra/aws/README.md, "The table stream").`,
    );
  }
  consumer.function.addEventSource(
    new DynamoEventSource(table, {
      // Records written before a (re)deployment of the mapping are not handed over again.
      startingPosition: StartingPosition.LATEST,
      batchSize: 10,
      retryAttempts: 3,
      reportBatchItemFailures: true,
      onFailure: new SqsDlq(deadLetters),
      filters: patterns,
    }),
  );
  acknowledgeWildcards(consumer.role, [
    {
      finding: /^Resource::\*$/,
      reason:
        'The stream event source needs dynamodb:ListStreams, which has no resource of its own; ' +
        'X-Ray tracing (xray:PutTraceSegments, xray:PutTelemetryRecords) has none either.',
      actionsOnAnyResource: /^(xray:.*|dynamodb:ListStreams)$/,
    },
  ]);
}
