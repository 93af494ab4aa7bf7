import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from '../../lib/logger';
import { selects, type TableStreamFilter } from './stream-filter';

/**
 * One concern fed by the table's stream (mail, notifications, search): the records its filter
 * selects, and what it does with them.
 *
 * Every concern must tolerate a record it already handled coming again: a batch is retried from
 * the lowest sequence number any concern reported, so the records after it come back to every
 * concern that selects them, including those that handled them.
 */
export interface StreamConcern {
  readonly name: string;
  readonly filter: TableStreamFilter | readonly TableStreamFilter[];
  /**
   * Handles the selected records of one batch, in stream order, and answers the ones that failed
   * (`batchItemFailures`: the first failed record at least; those after it come again anyway).
   * A concern that throws counts as failed from its first record.
   */
  readonly handle: (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse>;
}

/**
 * Hands each concern the records of `event` its filter selects (concurrently: the concerns share
 * nothing but the table), and answers every record a concern failed, in stream order. Lambda
 * resumes at the lowest of them and hands over everything after it again
 * (https://docs.aws.amazon.com/lambda/latest/dg/services-ddb-batchfailurereporting.html), as the
 * local stack's stream poller does.
 */
export async function dispatchStream(
  event: DynamoDBStreamEvent,
  concerns: readonly StreamConcern[],
): Promise<DynamoDBBatchResponse> {
  const failed = await Promise.all(
    concerns.map(async (concern): Promise<DynamoDBRecord[]> => {
      const records = event.Records.filter((record) => selects(concern.filter, record));
      const [first] = records;
      if (!first) return [];
      try {
        const answer = await concern.handle({ Records: records });
        const reported = new Set(answer.batchItemFailures.map((item) => item.itemIdentifier));
        const matched = records.filter((record) =>
          reported.has(record.dynamodb?.SequenceNumber ?? ''),
        );
        // A failure naming no record of its batch fails the concern's whole share.
        return matched.length < reported.size ? [first] : matched;
      } catch (error) {
        logger.error('stream concern failed', { concern: concern.name, error });
        return [first];
      }
    }),
  );
  const failedRecords = new Set(failed.flat());
  return {
    batchItemFailures: event.Records.filter((record) => failedRecords.has(record)).map(
      (record) => ({ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' }),
    ),
  };
}
