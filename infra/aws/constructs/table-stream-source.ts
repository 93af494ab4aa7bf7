import { Duration, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption, type IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { TABLE_DEFINITION } from '@hatchworks/functions/modules/table/table-definition';
import { acknowledgeWildcards } from './acknowledge-wildcards';
import type { AppFunction } from './app-function';

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
 * Which stream records a function gets (`MAIL_STREAM_FILTER`, `NOTIFICATION_STREAM_FILTER`,
 * each of `SEARCH_STREAM_FILTERS`): one or more event names, a partition key prefix and, when
 * given, the exact sort key.
 */
export interface TableStreamFilter {
  readonly eventName: string | readonly string[];
  readonly partitionKeyPrefix: string;
  readonly sortKey?: string;
}

/** One event source filter pattern of a `TableStreamFilter`. */
function filterPattern(filter: TableStreamFilter) {
  const eventNames = typeof filter.eventName === 'string' ? [filter.eventName] : filter.eventName;
  return FilterCriteria.filter({
    eventName:
      eventNames.length === 1
        ? FilterRule.isEqual(eventNames[0] ?? '')
        : FilterRule.or(...eventNames),
    dynamodb: {
      Keys: {
        [TABLE_DEFINITION.partitionKey]: { S: FilterRule.beginsWith(filter.partitionKeyPrefix) },
        ...(filter.sortKey === undefined
          ? {}
          : { [TABLE_DEFINITION.sortKey]: { S: FilterRule.isEqual(filter.sortKey) } }),
      },
    },
  });
}

/**
 * Feeds a function the table stream's records its filters select (any of them), as the local stack's stream
 * poller does: 10 at a time, 3 retries, failed items reported one by one, and what still fails
 * parked in `deadLetters`.
 */
export function consumeTableStream(
  consumer: AppFunction,
  table: ITable,
  filter: TableStreamFilter | readonly TableStreamFilter[],
  deadLetters: IQueue,
): void {
  consumer.function.addEventSource(
    new DynamoEventSource(table, {
      // Records written before a (re)deployment of the mapping are not handed over again.
      startingPosition: StartingPosition.LATEST,
      batchSize: 10,
      retryAttempts: 3,
      reportBatchItemFailures: true,
      onFailure: new SqsDlq(deadLetters),
      filters: (Array.isArray(filter) ? filter : [filter]).map(filterPattern),
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
