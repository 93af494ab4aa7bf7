import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { MAIL_STREAM_FILTER } from '@hatchworks/functions/modules/mail/mail-requests';
import { functionEntry } from '../paths';
import { consumeTableStream, deadLetterQueue } from './table-stream-source';
import { AppFunction, type MailAccess } from './app-function';
import type { FunctionKeys } from './function-keys';

export interface MailSenderProps {
  /** The table, with its stream. */
  readonly table: ITable;
  /** Log settings shared by every function. */
  readonly environment: Readonly<Record<string, string>>;
  /** The sender; without one the function is deployed and warns that its mails fail. */
  readonly mail?: MailAccess;
  /** The stack's keys: it reads IDENTITY_HASH_KEY, which signs the unsubscribe links. */
  readonly keys?: FunctionKeys;
}

/**
 * The mail function (`functions/src/triggers/send-queued-mail.ts`): the only function that sends
 * mail. Request handlers queue account mails as `MAIL#` items; the table's stream feeds the new
 * ones to this function through a filtered event source (nothing else on the stream invokes it),
 * which retries a failed mail three times and then parks it in a dead-letter queue kept 14 days.
 * It issues the link it mails, so it is a credentials function.
 */
export class MailSender extends Construct {
  readonly handler: AppFunction;
  readonly deadLetters: Queue;

  constructor(scope: Construct, id: string, props: MailSenderProps) {
    super(scope, id);
    this.handler = new AppFunction(this, 'Function', {
      spec: {
        id: 'SendQueuedMail',
        description: 'Sends the queued account mails from the table stream',
        entry: functionEntry('triggers/send-queued-mail'),
        table: 'readwrite',
        credentials: true,
        sendsMail: true,
        // The notification mails' one-click unsubscribe links (functions/src/modules/notifications/unsubscribe-token.ts).
        secrets: ['IDENTITY_HASH_KEY'],
        timeout: Duration.seconds(30),
      },
      table: props.table,
      ...(props.keys ? { keys: props.keys } : {}),
      environment: props.environment,
      ...(props.mail ? { mail: props.mail } : {}),
    });
    this.deadLetters = deadLetterQueue(this, 'DeadLetters', 'the mail event source');
    consumeTableStream(this.handler, props.table, MAIL_STREAM_FILTER, this.deadLetters);
  }
}
