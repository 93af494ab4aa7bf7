import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger } from '../lib/logger';
import { runDeliveryJob } from '../modules/webhooks/delivery';
import type { DeliveryJob } from '../modules/webhooks/queue';

const isJob = (value: unknown): value is DeliveryJob => {
  const job = value as Partial<DeliveryJob> | null;
  return (
    typeof job?.endpoint_id === 'string' &&
    typeof job.event_id === 'string' &&
    typeof job.attempt === 'number' &&
    typeof job.due_at === 'string'
  );
};

/**
 * The webhook delivery queue's consumer (AWS; locally a timer runs the same `runDeliveryJob`):
 * each message is one attempt of one event to one endpoint. A job that failed to run (the table
 * unreachable, not the receiver refusing: that is logged and retried on the schedule) is reported
 * so SQS hands it over again, and after three receipts parks it in the dead-letter queue.
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const failed: { itemIdentifier: string }[] = [];
  for (const record of event.Records) {
    let job: unknown;
    try {
      job = JSON.parse(record.body);
    } catch {
      job = undefined;
    }
    if (!isJob(job)) {
      logger.error('webhook delivery message is not a job', { messageId: record.messageId });
      continue;
    }
    try {
      await runDeliveryJob(job);
    } catch (error) {
      logger.error('webhook delivery job failed', { job, error });
      failed.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failed };
}
