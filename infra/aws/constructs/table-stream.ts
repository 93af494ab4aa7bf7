import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { TABLE_STREAM_FILTERS } from '../../shared/table-stream-filters';
import { functionEntry } from '../paths';
import { AppFunction, type MailAccess } from './app-function';
import type { FunctionKeys } from './function-keys';
import type { SearchIndex } from './search-index';
import { consumeTableStream, deadLetterQueue } from './table-stream-source';

export interface TableStreamProps {
  /** The table, with its stream. */
  readonly table: ITable;
  /** Log settings shared by every function. */
  readonly environment: Readonly<Record<string, string>>;
  /** The search snapshot the search concern patches. */
  readonly search: SearchIndex;
  /** The sender; without one the function is deployed and warns that its mails fail. */
  readonly mail?: MailAccess;
  /** The stack's keys: it reads IDENTITY_HASH_KEY, which signs the unsubscribe links. */
  readonly keys?: FunctionKeys;
  /**
   * How long a person's notification mail waits for more events (SQS message delay, at most 900).
   * @default 120
   */
  readonly mailDelaySeconds?: number;
}

/**
 * The table stream's one reader (`functions/src/triggers/table-stream.ts`): one function, fed by
 * one filtered event source mapping on the union of its concerns' filters, that hands each record
 * to the concerns that take it and runs them in process: the queued mails (it is the only
 * function that sends mail, and it issues the links it mails, so it is a credentials function),
 * the notification fan-out, and the search snapshot's patches. A record any concern failed is
 * retried three times, then parked in the one dead-letter queue (kept 14 days).
 *
 * It also consumes the notification mail delay queue: the fan-out sends `{ userId }` there with
 * the delay, and the message, once due, queues that person's mail request (`MAIL#`), which comes
 * back through the stream. The delay queue has a dead-letter queue of its own.
 */
export class TableStream extends Construct {
  readonly handler: AppFunction;
  /** Where the stream's records go that failed every retry. */
  readonly deadLetters: Queue;
  readonly mailDelayQueue: Queue;
  readonly mailDelayDeadLetters: Queue;

  constructor(scope: Construct, id: string, props: TableStreamProps) {
    super(scope, id);
    const delay = props.mailDelaySeconds ?? 120;
    if (!Number.isInteger(delay) || delay < 0 || delay > 900) {
      throw new Error(`The notification mail delay must be 0..900 seconds, got ${delay}`);
    }
    this.handler = new AppFunction(this, 'Function', {
      spec: {
        id: 'TableStream',
        description: 'Sends the queued mails, fans out notifications, patches the search index',
        entry: functionEntry('triggers/table-stream'),
        table: 'readwrite',
        credentials: true,
        sendsMail: true,
        // The notification mails' one-click unsubscribe links (functions/src/modules/notifications/unsubscribe-token.ts).
        secrets: ['IDENTITY_HASH_KEY'],
        // The search concern's: loading, patching and writing a 10,000-request snapshot takes
        // about a second at this size, and the memory buys the CPU for it. The concerns run side
        // by side, so the slowest one's time is the batch's.
        memorySize: 1024,
        timeout: Duration.seconds(60),
      },
      table: props.table,
      ...(props.keys ? { keys: props.keys } : {}),
      environment: props.environment,
      ...(props.mail ? { mail: props.mail } : {}),
    });
    this.deadLetters = deadLetterQueue(this, 'DeadLetters', "the table stream's event source");
    consumeTableStream(this.handler, props.table, TABLE_STREAM_FILTERS, this.deadLetters);
    props.search.grantUpdate(this.handler);

    this.mailDelayDeadLetters = deadLetterQueue(
      this,
      'MailDelayDeadLetters',
      'the notification mail delay queue',
    );
    this.mailDelayQueue = new Queue(this, 'MailDelay', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // Longer than the function's timeout, as SQS event sources require.
      visibilityTimeout: Duration.seconds(180),
      deadLetterQueue: { queue: this.mailDelayDeadLetters, maxReceiveCount: 3 },
    });
    this.handler.function.addEnvironment(
      'NOTIFICATION_MAIL_QUEUE_URL',
      this.mailDelayQueue.queueUrl,
    );
    this.handler.function.addEnvironment('NOTIFICATION_MAIL_DELAY_SECONDS', String(delay));
    this.mailDelayQueue.grantSendMessages(this.handler.role);
    this.handler.function.addEventSource(
      new SqsEventSource(this.mailDelayQueue, { batchSize: 10, reportBatchItemFailures: true }),
    );
  }
}
