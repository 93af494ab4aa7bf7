import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { TABLE_DEFINITION } from '@hatchworks/functions/data/table-definition';
import { acknowledgeWildcards } from './acknowledge-wildcards';
import type { AppFunction } from './app-function';

/** Which stream records a function gets (`MAIL_STREAM_FILTER`, `NOTIFICATION_STREAM_FILTER`). */
export interface TableStreamFilter {
  readonly eventName: string;
  readonly partitionKeyPrefix: string;
}

/**
 * Feeds a function the table stream's records its filter selects, as the local stack's stream
 * poller does: 10 at a time, 3 retries, failed items reported one by one, and what still fails
 * parked in `deadLetters`.
 */
export function consumeTableStream(
  consumer: AppFunction,
  table: ITable,
  filter: TableStreamFilter,
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
      filters: [
        FilterCriteria.filter({
          eventName: FilterRule.isEqual(filter.eventName),
          dynamodb: {
            Keys: {
              [TABLE_DEFINITION.partitionKey]: {
                S: FilterRule.beginsWith(filter.partitionKeyPrefix),
              },
            },
          },
        }),
      ],
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
