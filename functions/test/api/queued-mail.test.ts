import { randomUUID } from 'node:crypto';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailRequestItem } from '../../src/modules/mail/mail-requests';
import { localClient } from '../../../infra/local/src/dynamodb-local';
import { startStreamPoller, type StreamPoller } from '../../../infra/local/src/stream-poller';
import { api } from '../../../test/support/api';
import { dataLayer, signUpOverHttp } from '../../../test/support/accounts';
import { freshClientAddress } from '../../../test/support/client-addresses';
import {
  linkFromMail,
  mailbox,
  stackMailEnvironment,
  waitForMail,
} from '../../../test/support/mail';
import { testStack } from '../../../test/support/stack';
import { configureFunctions } from '../../../test/support/stack-table';

/**
 * Account mails leave the request path: the route queues a `MAIL#` item, the table's stream
 * feeds it to the table stream's function (the local stack polls the stream as Lambda's event
 * source would), whose mail concern issues the link and sends it.
 */

const register = (email: string) =>
  api<{ message: string }>('/api/auth/register', {
    method: 'POST',
    json: { email, password: 'correct horse battery' },
    from: freshClientAddress(),
  });

/** The table stream's function of this test process, against the stack's table and mail sink. */
async function mailFunction() {
  configureFunctions(stackMailEnvironment());
  await dataLayer();
  const { handler } = await import('../../src/triggers/table-stream');
  return (event: DynamoDBStreamEvent) => handler(event);
}

/** A stream record naming a mail request, as Lambda hands it over. */
const mailRecord = (sortKey: string, sequence: string) =>
  ({
    eventName: 'INSERT',
    dynamodb: {
      Keys: { PK: { S: `MAIL#${randomUUID()}` }, SK: { S: sortKey } },
      SequenceNumber: sequence,
    },
  }) as DynamoDBStreamEvent['Records'][number];

describe('account mails through the table stream', () => {
  it('answers registration at once and delivers the link a moment later, through the stream', async () => {
    // Prepare
    const email = `queued-${randomUUID()}@example.test`;
    const before = await mailbox();

    // Act
    const answer = await register(email);
    const mail = await waitForMail(email, { subject: /verify/i });

    // Assess
    expect(answer.status).toBe(201);
    expect(before.some((seen) => seen.to.includes(email))).toBe(false);
    expect(linkFromMail(mail, '/verify-email').searchParams.get('token')).toBeTruthy();
  });

  it('sends nothing for an account that is gone or already proven, and reports no failure', async () => {
    // Prepare
    const handler = await mailFunction();
    const proven = await signUpOverHttp();
    const since = new Date();

    // Act
    const answer = await handler({
      Records: [
        mailRecord(`verify-email#${proven.user.id}`, '1'),
        mailRecord('reset-password#01NOSUCHUSER0000000000000', '2'),
        mailRecord('no-such-kind#x', '3'),
      ],
    });
    await new Promise((resolve) => setTimeout(resolve, 300));

    // Assess
    expect(answer).toEqual({ batchItemFailures: [] });
    const sent = (await mailbox()).filter(
      (mail) => mail.to.includes(proven.user.email) && new Date(mail.date) >= since,
    );
    expect(sent).toEqual([]);
  });

  it('issues a fresh link with each mail, so a mail sent again voids the one before', async () => {
    // Prepare
    const handler = await mailFunction();
    const account = await signUpOverHttp();
    const since = new Date();

    // Act
    await handler({ Records: [mailRecord(`reset-password#${account.user.id}`, '1')] });
    const first = await waitForMail(account.user.email, { subject: /reset/i, after: since });
    const between = new Date();
    await handler({ Records: [mailRecord(`reset-password#${account.user.id}`, '2')] });
    const second = await waitForMail(account.user.email, { subject: /reset/i, after: between });
    const confirm = (mail: typeof first) =>
      api('/api/auth/password-reset/confirm', {
        method: 'POST',
        json: {
          token: linkFromMail(mail, '/reset-password').searchParams.get('token'),
          password: 'another fine passphrase',
        },
      });

    // Assess
    expect((await confirm(first)).status).toBe(400);
    expect((await confirm(second)).status).toBe(200);
  });
});

describe('a queued mail whose stream record comes again', () => {
  it('goes out once: its request is claimed before the mail is sent', async () => {
    // Prepare: a password reset queued in the table, which the stack's stream reader sends.
    const handler = await mailFunction();
    const { client: data } = await dataLayer();
    const account = await signUpOverHttp();
    const since = new Date();
    const item = mailRequestItem({ kind: 'reset-password', userId: account.user.id }, since);
    await data.db.send(new PutCommand({ TableName: testStack().tableName, Item: item }));
    await waitForMail(account.user.email, { subject: /reset/i, after: since });
    const record = {
      eventName: 'INSERT',
      dynamodb: {
        Keys: { PK: { S: String(item.PK) }, SK: { S: String(item.SK) } },
        SequenceNumber: '1',
      },
    } as DynamoDBStreamEvent['Records'][number];

    // Act: the record comes twice more (a batch retried for another concern's failure).
    const answers = [await handler({ Records: [record] }), await handler({ Records: [record] })];
    await new Promise((resolve) => setTimeout(resolve, 300));

    // Assess
    expect(answers).toEqual([{ batchItemFailures: [] }, { batchItemFailures: [] }]);
    const resets = (await mailbox()).filter(
      (mail) =>
        mail.to.includes(account.user.email) &&
        /reset/i.test(mail.subject) &&
        new Date(mail.date) >= since,
    );
    expect(resets).toHaveLength(1);
  });
});

/**
 * A stream poller of this test process on the stack's table, started before the describe's tests
 * and stopped after them, whose one consumer gets the inserts under `prefix`.
 */
function useProbePoller(
  prefix: string,
  idleMs: number,
  handle: (records: DynamoDBStreamEvent['Records']) => DynamoDBBatchResponse,
): () => StreamPoller {
  let poller: StreamPoller | undefined;
  let client: DynamoDBClient | undefined;
  beforeAll(async () => {
    client = localClient(testStack().dynamoEndpoint);
    poller = await startStreamPoller({
      dynamo: client,
      endpoint: testStack().dynamoEndpoint,
      tableName: testStack().tableName,
      idleMs,
      consumers: [
        {
          name: 'probe',
          filter: { eventName: 'INSERT', partitionKeyPrefix: prefix },
          handler: async () => async (event: DynamoDBStreamEvent) => handle(event.Records),
        },
      ],
    });
  });
  afterAll(async () => {
    await poller?.stop();
    client?.destroy();
  });
  return () => {
    if (!poller) throw new Error('the probe poller has not started');
    return poller;
  };
}

describe('the local stream poller (the event source mapping of the local stack)', () => {
  const prefix = `POLLTEST#${randomUUID()}#`;
  const seen: string[][] = [];
  let failed = false;
  useProbePoller(prefix, 20, (records) => {
    seen.push(records.map((record) => record.dynamodb?.Keys?.PK?.S ?? ''));
    // The first time the 'b' item comes, it fails: it and any record after it come again.
    const b = records.find((record) => record.dynamodb?.Keys?.PK?.S?.endsWith('#b'));
    if (b && !failed) {
      failed = true;
      return { batchItemFailures: [{ itemIdentifier: b.dynamodb?.SequenceNumber ?? '' }] };
    }
    return { batchItemFailures: [] };
  });

  it('hands its consumer only new items under its prefix, in order, and retries from a failed record', async () => {
    // Prepare
    const { client: data } = await dataLayer();
    const table = testStack().tableName;
    const keys = [`${prefix}a`, `${prefix}b`, `${prefix}c`];
    const put = (pk: string) =>
      data.db.send(new PutCommand({ TableName: table, Item: { PK: pk, SK: 'probe' } }));

    // Act: an item under another prefix, three inserts under the consumer's, then a delete.
    await data.db.send(
      new PutCommand({ TableName: table, Item: { PK: `OTHER#${randomUUID()}`, SK: 'probe' } }),
    );
    for (const key of keys) await put(key);
    await data.db.send(new DeleteCommand({ TableName: table, Key: { PK: keys[0], SK: 'probe' } }));
    const deadline = Date.now() + 10_000;
    while (seen.flat().filter((key) => key === keys[2]).length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));

    // Assess: a once (its delete is no insert), b twice (failed, then again), c after b.
    const all = seen.flat();
    expect(all.filter((key) => key === keys[0])).toHaveLength(1);
    expect(all.filter((key) => key === keys[1])).toHaveLength(2);
    expect(all.filter((key) => key === keys[2]).length).toBeGreaterThanOrEqual(1);
    expect(all.every((key) => key.startsWith(prefix))).toBe(true);
    expect(all.indexOf(keys[0]!)).toBeLessThan(all.indexOf(keys[1]!));
    expect(all.indexOf(keys[1]!)).toBeLessThan(all.indexOf(keys[2]!));
    expect(all.at(-1)).toBe(keys[2]);
  });
});

describe('the local stream poller while the table is quiet', () => {
  const prefix = `NUDGETEST#${randomUUID()}#`;
  const seen: string[] = [];
  // A minute between reads of a quiet stream: only a nudge brings a write in sooner.
  const poller = useProbePoller(prefix, 60_000, (records) => {
    seen.push(...records.map((record) => record.dynamodb?.Keys?.PK?.S ?? ''));
    return { batchItemFailures: [] };
  });

  it('reads the stream as soon as it is told of a write', async () => {
    // Prepare
    const { client: data } = await dataLayer();
    const key = `${prefix}nudged`;

    // Act
    await data.db.send(
      new PutCommand({ TableName: testStack().tableName, Item: { PK: key, SK: 'probe' } }),
    );
    poller().nudge();
    const deadline = Date.now() + 10_000;
    while (!seen.includes(key) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    // Assess
    expect(seen).toEqual([key]);
  });
});
