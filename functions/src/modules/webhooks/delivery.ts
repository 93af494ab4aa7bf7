import { Webhook } from 'standardwebhooks';
import { ulid } from 'ulid';
import { WEBHOOK_TEST_EVENT, type WebhookDelivery } from '@hatchworks/shared/schemas/webhooks';
import { env } from '../../lib/env';
import { logger } from '../../lib/logger';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { listUsers } from '../accounts/users-repository';
import { notificationEventItem } from '../notifications/notification-events';
import { db, tableName } from '../table/client';
import { recordDelivery } from './deliveries';
import { disableFailingEndpoint, getEndpoint, type StoredEndpoint } from './endpoints';
import { messageBody, withLinks, type OutgoingEvent } from './messages';
import { postWebhook } from './outbound';
import { enqueueDelivery, type DeliveryJob } from './queue';
import { webhookSettings } from './settings';
import { eventFor, readEvent } from './stored-events';
import { forgetEggThresholds } from './thresholds';

/**
 * Delivery: the dispatcher (`dispatch.ts`) queues one job per subscribed endpoint for each event;
 * a job makes one attempt, logs it, and on failure queues the next attempt after the pause the
 * schedule gives (`webhookSettings().retryDelaysSeconds`). When the last attempt fails too, the
 * endpoint is switched off and every admin is told.
 *
 * At least once: a receiver may get an event twice (a retry after an answer that was lost), with
 * the same `webhook-id`, by which it drops the repeat.
 */

/**
 * Tells every admin (the bell; never mailed) that an endpoint was switched off. Admins are found
 * by reading the users' list page by page: this happens only when an endpoint fails for a day, so
 * no index of admins is kept for it.
 */
async function tellAdmins(endpoint: StoredEndpoint, reason: string, now: Date): Promise<void> {
  const admins: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await listUsers(100, cursor);
    for (const user of page.items) {
      if (user.role === 'admin' && !user.deleted_at) admins.push(user.id);
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  if (admins.length === 0) return;
  await db.send(
    new PutCommand({
      TableName: tableName,
      Item: notificationEventItem(
        {
          kind: 'webhook_disabled',
          subject: { type: 'webhook', id: endpoint.id, title: endpoint.url },
          actorId: 'system',
          details: { reason },
          recipients: admins,
        },
        now,
      ),
    }),
  );
}

/** The `webhook-id` of an event: the same for every attempt and every endpoint. */
export const messageIdOf = (eventId: string): string => `msg_${eventId}`;

interface AttemptResult {
  readonly delivered: boolean;
  readonly outcome: WebhookDelivery['outcome'];
  readonly status: number | null;
  readonly latency_ms: number;
  readonly excerpt: string;
}

/** Signs and sends one event to one endpoint, once. */
async function attempt(
  endpoint: StoredEndpoint,
  event: OutgoingEvent,
  messageId: string,
  now: Date,
): Promise<AttemptResult> {
  const config = env();
  const outgoing = withLinks(event, config.SITE_URL ?? '');
  const body = messageBody(outgoing, endpoint.format);
  const signature = new Webhook(endpoint.secret).sign(messageId, now, body);
  const result = await postWebhook(
    {
      url: endpoint.url,
      headers: {
        'webhook-id': messageId,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': signature,
      },
      body,
    },
    { allowLoopback: webhookSettings().allowLoopback },
  );
  const latency = Math.round(result.latencyMs);
  if (result.kind === 'answered') {
    const delivered = result.status >= 200 && result.status < 300;
    return {
      delivered,
      outcome: delivered ? 'delivered' : 'failed',
      status: result.status,
      latency_ms: latency,
      excerpt: result.excerpt,
    };
  }
  return {
    delivered: false,
    outcome: result.kind,
    status: null,
    latency_ms: latency,
    excerpt: result.reason,
  };
}

/**
 * One attempt of a queued delivery: sends it if it is due and the endpoint still takes the event,
 * logs it, and queues the next attempt or, after the last, switches the endpoint off.
 */
export async function runDeliveryJob(job: DeliveryJob, now = new Date()): Promise<void> {
  const wait = (Date.parse(job.due_at) - now.getTime()) / 1000;
  if (wait > 1) {
    await enqueueDelivery(job, wait);
    return;
  }
  const [endpoint, event] = await Promise.all([
    getEndpoint(job.endpoint_id),
    readEvent(job.event_id, job.source),
  ]);
  const outgoing = endpoint && event ? eventFor(endpoint, event) : null;
  if (!endpoint || !outgoing) return;

  const result = await attempt(endpoint, outgoing, messageIdOf(job.event_id), now);
  const delays = webhookSettings().retryDelaysSeconds;
  const pause = result.delivered ? undefined : delays[job.attempt - 1];
  const nextAt = pause === undefined ? null : new Date(now.getTime() + pause * 1000);
  await recordDelivery(endpoint.id, {
    message_id: messageIdOf(job.event_id),
    event_type: outgoing.type,
    attempt: job.attempt,
    outcome: result.outcome,
    status: result.status,
    latency_ms: result.latency_ms,
    excerpt: result.excerpt,
    next_attempt_at: nextAt?.toISOString() ?? null,
  });
  if (result.delivered) return;
  if (pause !== undefined && nextAt) {
    await enqueueDelivery(
      { ...job, attempt: job.attempt + 1, due_at: nextAt.toISOString() },
      pause,
    );
    return;
  }
  const reason = `Switched off after ${job.attempt} failed attempts to deliver ${outgoing.type}`;
  if (await disableFailingEndpoint(endpoint.id, reason, now)) {
    forgetEggThresholds();
    await tellAdmins(endpoint, reason, now);
    logger.warn('webhook endpoint switched off', { endpointId: endpoint.id, reason });
  }
}

/** The admin's "Send test event": one attempt now, logged, with no retry. */
export async function sendTestEvent(
  endpoint: StoredEndpoint,
  now = new Date(),
): Promise<WebhookDelivery> {
  const messageId = messageIdOf(`test_${ulid(now.getTime())}`);
  const event: OutgoingEvent = {
    type: WEBHOOK_TEST_EVENT,
    timestamp: now.toISOString(),
    data: { message: 'A test event from Hatchworks: this endpoint receives its webhooks.' },
  };
  const result = await attempt(endpoint, event, messageId, now);
  return recordDelivery(endpoint.id, {
    message_id: messageId,
    event_type: event.type,
    attempt: 1,
    outcome: result.outcome,
    status: result.status,
    latency_ms: result.latency_ms,
    excerpt: result.excerpt,
    next_attempt_at: null,
  });
}
