import type {
  DynamoDBBatchResponse,
  DynamoDBStreamEvent,
  SQSBatchResponse,
  SQSEvent,
} from 'aws-lambda';
import { dispatchStream, type StreamConcern } from '../modules/table/stream-dispatch';
import { notificationsConcern, queueNotificationMails } from './table-stream/fan-out-notifications';
import { mailConcern } from './table-stream/send-queued-mail';
import { searchConcern } from './table-stream/update-search-index';
import { webhooksConcern } from './table-stream/dispatch-webhooks';

/**
 * Every concern fed by the table's stream, in one list: the stream has two readers, this function
 * and the feedback panel's store keeper (triggers/embed-origins.ts), which is all DynamoDB Streams
 * allows before it throttles (https://docs.aws.amazon.com/lambda/latest/dg/with-ddb.html), so a
 * new concern joins this list. The CDK stack's event source mapping filters on the union of their
 * filters (`STREAM_CONCERN_FILTERS`).
 */
export const STREAM_CONCERNS: readonly StreamConcern[] = [
  mailConcern,
  notificationsConcern,
  searchConcern,
  webhooksConcern,
];

/**
 * The table stream's one function. Fed two ways:
 * - the table's stream (the filtered event source mapping on AWS, the local stack's poller
 *   locally): each record goes to the concerns whose filter selects it, and every record a concern
 *   failed is reported back (`batchItemFailures`);
 * - on AWS, the notification mail delay queue (`queueNotificationMails`).
 */
export async function handler(
  event: DynamoDBStreamEvent | SQSEvent,
): Promise<DynamoDBBatchResponse | SQSBatchResponse> {
  const [first] = event.Records;
  if (first && 'messageId' in first) return queueNotificationMails(event as SQSEvent);
  return dispatchStream(event as DynamoDBStreamEvent, STREAM_CONCERNS);
}
