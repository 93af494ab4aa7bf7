import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../table/client';
import { mailRequestItem, type MailRequest } from './mail-requests';

/** Queues one account mail; the mail function sends it within about a second. */
export async function queueMail(request: MailRequest, now = new Date()): Promise<void> {
  await db.send(new PutCommand({ TableName: tableName, Item: mailRequestItem(request, now) }));
}
