import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { NOTIFICATION_STREAM_FILTER } from '@hatchworks/functions/modules/notifications/notification-events';
import { functionEntry } from '../paths';
import { consumeTableStream, deadLetterQueue } from './table-stream-source';
import { AppFunction } from './app-function';

export interface NotificationFanOutProps {
  /** The table, with its stream. */
  readonly table: ITable;
  /** Log settings shared by every function. */
  readonly environment: Readonly<Record<string, string>>;
  /**
   * How long a person's notification mail waits for more events (SQS message delay, at most 900).
   * @default 120
   */
  readonly mailDelaySeconds?: number;
}

const queueDefaults = {
  encryption: QueueEncryption.SQS_MANAGED,
  enforceSSL: true,
} as const;

/**
 * The notification fan-out (`functions/src/triggers/fan-out-notifications.ts`): the
 * table's stream feeds it the new `EVENT#` items through a filtered event source (nothing else on
 * the stream invokes it), retried three times with `batchItemFailures` and then parked in a
 * dead-letter queue kept 14 days. It writes each follower's notification idempotently, and for
 * those who get mail it sends `{ userId }` to the mail delay queue with the delay; the same
 * function consumes that queue and queues the person's mail request (`MAIL#`), which the mail
 * function sends. The delay queue has a dead-letter queue of its own.
 */
export class NotificationFanOut extends Construct {
  readonly handler: AppFunction;
  readonly deadLetters: Queue;
  readonly mailDelayQueue: Queue;
  readonly mailDelayDeadLetters: Queue;

  constructor(scope: Construct, id: string, props: NotificationFanOutProps) {
    super(scope, id);
    const delay = props.mailDelaySeconds ?? 120;
    if (!Number.isInteger(delay) || delay < 0 || delay > 900) {
      throw new Error(`The notification mail delay must be 0..900 seconds, got ${delay}`);
    }
    this.deadLetters = deadLetterQueue(this, 'DeadLetters', 'the notification fan-out');
    this.mailDelayDeadLetters = deadLetterQueue(
      this,
      'MailDelayDeadLetters',
      "the notification fan-out's mail delay queue",
    );
    this.mailDelayQueue = new Queue(this, 'MailDelay', {
      ...queueDefaults,
      // Longer than the function's timeout, as SQS event sources require.
      visibilityTimeout: Duration.seconds(180),
      deadLetterQueue: { queue: this.mailDelayDeadLetters, maxReceiveCount: 3 },
    });
    this.handler = new AppFunction(this, 'Function', {
      spec: {
        id: 'FanOutNotifications',
        description: 'Tells the followers of each notification event from the table stream',
        entry: functionEntry('triggers/fan-out-notifications'),
        table: 'readwrite',
        timeout: Duration.seconds(60),
      },
      table: props.table,
      environment: {
        ...props.environment,
        NOTIFICATION_MAIL_QUEUE_URL: this.mailDelayQueue.queueUrl,
        NOTIFICATION_MAIL_DELAY_SECONDS: String(delay),
      },
    });
    this.mailDelayQueue.grantSendMessages(this.handler.role);
    consumeTableStream(this.handler, props.table, NOTIFICATION_STREAM_FILTER, this.deadLetters);
    this.handler.function.addEventSource(
      new SqsEventSource(this.mailDelayQueue, { batchSize: 10, reportBatchItemFailures: true }),
    );
  }
}
