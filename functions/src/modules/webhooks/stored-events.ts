import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { SubjectType } from '@hatchworks/shared/schemas/subjects';
import type { WebhookEventType } from '@hatchworks/shared/schemas/webhooks';
import { db, tableName } from '../table/client';
import { notificationEventKeys, webhookEventKeys } from '../table/keys';
import type { StoredEndpoint } from './endpoints';
import type { OutgoingEvent } from './messages';
import { webhookSubject } from './webhook-events';

/**
 * The events a delivery sends, as stored: webhook event items, and the merge engine's own
 * notification events of a merge and its undoing, read as webhook events.
 */

export interface StoredEvent {
  readonly id: string;
  readonly type: WebhookEventType;
  readonly data: Record<string, unknown>;
  readonly created_at: string;
}

/** Which item holds an event: a `WEBHOOK_EVENT#` item or a notification's `EVENT#` item. */
export type EventSource = 'webhook' | 'notification';

/** An event by id (consistent), or null when it is gone or is no webhook event. */
export async function readEvent(
  eventId: string,
  source: EventSource = 'webhook',
): Promise<StoredEvent | null> {
  const key =
    source === 'webhook' ? webhookEventKeys.item(eventId) : notificationEventKeys.item(eventId);
  const result = await db.send(
    new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }),
  );
  if (!result.Item) return null;
  return source === 'webhook' ? (result.Item as StoredEvent) : mergeEventOf(result.Item);
}

/** A merge's or an unmerge's notification event as the webhook event it is; null for the rest. */
function mergeEventOf(item: Record<string, unknown>): StoredEvent | null {
  const type = item.subject_type as SubjectType;
  const details = (item.details ?? {}) as Record<string, unknown>;
  const subject = webhookSubject(type, String(item.subject_id), String(item.subject_title), null);
  const other = webhookSubject(type, String(details.into_id), String(details.into_title), null);
  const base = { id: String(item.id), created_at: String(item.created_at) };
  if (item.kind === 'merged') {
    return { ...base, type: 'request.merged', data: { subject, into: other } };
  }
  if (item.kind === 'unmerged') {
    return { ...base, type: 'request.unmerged', data: { subject, from: other } };
  }
  return null;
}

/**
 * What one endpoint is sent of an event, or null when it does not take it: it is off, did not
 * subscribe to the type, or (an egg threshold) the request did not pass this endpoint's threshold.
 */
export function eventFor(endpoint: StoredEndpoint, event: StoredEvent): OutgoingEvent | null {
  if (!endpoint.enabled || !endpoint.events.includes(event.type)) return null;
  // Each endpoint hears of the threshold it set.
  if (
    event.type === 'request.egg_threshold_passed' &&
    event.data.threshold !== endpoint.egg_threshold
  ) {
    return null;
  }
  return { type: event.type, timestamp: event.created_at, data: event.data } as OutgoingEvent;
}
