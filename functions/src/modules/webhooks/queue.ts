import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { env } from '../../lib/env';
import { webhookSettings } from './settings';
import type { EventSource } from './stored-events';

/**
 * The delivery queue: SQS on AWS (`WEBHOOK_QUEUE_URL`), whose consumer runs each job
 * (`triggers/webhook-deliveries.ts`); locally the local stack plays SQS's part with a timer
 * (`setLocalDeliveryQueue`). Either way the same `runDeliveryJob` runs the job, and the functions
 * that only queue (the table stream's) do not bundle the sender.
 */

/** One attempt to come: which event, to which endpoint, the how-many-th, and when. */
export interface DeliveryJob {
  readonly endpoint_id: string;
  readonly event_id: string;
  /**
   * Where the event is: a webhook event item, or (a merge and its undoing, which the merge engine
   * tells its followers of already) a notification event read as one.
   */
  readonly source?: EventSource;
  readonly attempt: number;
  /** ISO time the attempt is due; SQS's delay is at most 15 minutes, so a job may wait again. */
  readonly due_at: string;
}

/** SQS holds a message back at most 900 seconds: a longer pause is waited out in hops. */
const SQS_MAX_DELAY_SECONDS = 900;

/** Runs a job `delaySeconds` from now, in this process: the local stack's queue. */
export type LocalDeliveryQueue = (job: DeliveryJob, delaySeconds: number) => void;
let localQueue: LocalDeliveryQueue | undefined;

/** Set by the local stack, which has no SQS; unset, jobs go to `WEBHOOK_QUEUE_URL`. */
export function setLocalDeliveryQueue(queue: LocalDeliveryQueue | undefined): void {
  localQueue = queue;
}

let sqs: SQSClient | undefined;

/** Puts a job on the queue, to run `delaySeconds` from now. */
export async function enqueueDelivery(job: DeliveryJob, delaySeconds: number): Promise<void> {
  const { queueUrl } = webhookSettings();
  if (queueUrl) {
    sqs ??= new SQSClient({ region: env().AWS_REGION });
    await sqs.send(
      new SendMessageCommand({
        QueueUrl: queueUrl,
        MessageBody: JSON.stringify(job),
        DelaySeconds: Math.min(SQS_MAX_DELAY_SECONDS, Math.max(0, Math.ceil(delaySeconds))),
      }),
    );
    return;
  }
  if (!localQueue) throw new Error('Webhook deliveries have no queue: set WEBHOOK_QUEUE_URL');
  localQueue(job, delaySeconds);
}
