import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { functionEntry } from '../paths';
import { AppFunction } from './app-function';
import { deadLetterQueue } from './table-stream-source';

export interface WebhookDeliveriesProps {
  readonly table: ITable;
  /** Log settings shared by every function. */
  readonly environment: Readonly<Record<string, string>>;
  /** The site's origin: the links in the events are made absolute with it. */
  readonly siteUrl: string;
}

/** A delivery waits out a receiver's 5 s timeout; a batch of ten, one after another. */
const FUNCTION_TIMEOUT = Duration.seconds(60);

/**
 * The webhook delivery queue and its consumer (`functions/src/triggers/webhook-deliveries.ts`):
 * the table stream's function queues one message per delivery, the consumer makes the attempt,
 * logs it, and queues the next attempt with a delay (SQS holds a message back at most 15 minutes,
 * "DelaySeconds ... 0 to 900":
 * https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/sqs-delay-queues.html;
 * a longer pause is waited out in several hops). A message whose job failed to run (the table
 * unreachable) comes back, and after three receipts waits in the dead-letter queue for 14 days.
 */
export class WebhookDeliveries extends Construct {
  readonly queue: Queue;
  readonly deadLetters: Queue;
  readonly handler: AppFunction;

  constructor(scope: Construct, id: string, props: WebhookDeliveriesProps) {
    super(scope, id);
    this.deadLetters = deadLetterQueue(this, 'DeadLetters', 'the webhook delivery queue');
    this.queue = new Queue(this, 'Queue', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // Longer than the function's timeout, as SQS event sources require.
      visibilityTimeout: Duration.seconds(FUNCTION_TIMEOUT.toSeconds() * 3),
      deadLetterQueue: { queue: this.deadLetters, maxReceiveCount: 3 },
    });
    this.handler = new AppFunction(this, 'Function', {
      spec: {
        id: 'WebhookDeliveries',
        description: 'Delivers webhook events, signed, with retries',
        entry: functionEntry('triggers/webhook-deliveries'),
        table: 'readwrite',
        timeout: FUNCTION_TIMEOUT,
      },
      table: props.table,
      environment: { ...props.environment, SITE_URL: props.siteUrl },
    });
    this.handler.function.addEnvironment('WEBHOOK_QUEUE_URL', this.queue.queueUrl);
    this.queue.grantSendMessages(this.handler.role);
    this.handler.function.addEventSource(
      new SqsEventSource(this.queue, { batchSize: 10, reportBatchItemFailures: true }),
    );
  }

  /** Lets a function queue deliveries (the table stream's dispatcher). */
  allowQueueing(fn: AppFunction): void {
    fn.function.addEnvironment('WEBHOOK_QUEUE_URL', this.queue.queueUrl);
    this.queue.grantSendMessages(fn.role);
  }
}
