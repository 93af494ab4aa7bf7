import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { SubjectType } from '@hatchworks/shared/schemas/subjects';
import type { WebhookEventType } from '@hatchworks/shared/schemas/webhooks';
import { db, tableName } from '../table/client';
import {
  featureKeys,
  notificationEventKeys,
  trackerRequestKeys,
  webhookEventKeys,
} from '../table/keys';
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

type SubjectProject = { readonly id: string; readonly title: string } | null;

/**
 * The project a merged request belongs to, read from the request (the merge engine's event names
 * none): a feature keeps `project_id` and `project_title`, a tracker request its `project`, a
 * suggestion has none. Null when the request is gone.
 */
async function subjectProject(type: SubjectType, id: string): Promise<SubjectProject> {
  if (type === 'tracker_suggestion') return null;
  const result = await db.send(
    new GetCommand({
      TableName: tableName,
      Key: type === 'feature' ? featureKeys.item(id) : trackerRequestKeys.item(id),
      ProjectionExpression: 'project_id, project_title, #project',
      ExpressionAttributeNames: { '#project': 'project' },
    }),
  );
  const item = result.Item;
  if (!item) return null;
  if (type === 'feature') {
    return typeof item.project_id === 'string'
      ? { id: item.project_id, title: String(item.project_title ?? '') }
      : null;
  }
  const project = item.project as { id?: unknown; title?: unknown } | null | undefined;
  return typeof project?.id === 'string' ? { id: project.id, title: String(project.title) } : null;
}

/** A merge's or an unmerge's notification event as the webhook event it is; null for the rest. */
async function mergeEventOf(item: Record<string, unknown>): Promise<StoredEvent | null> {
  if (item.kind !== 'merged' && item.kind !== 'unmerged') return null;
  const type = item.subject_type as SubjectType;
  const details = (item.details ?? {}) as Record<string, unknown>;
  const [subjectIn, otherIn] = await Promise.all([
    subjectProject(type, String(item.subject_id)),
    subjectProject(type, String(details.into_id)),
  ]);
  const subject = webhookSubject(
    type,
    String(item.subject_id),
    String(item.subject_title),
    subjectIn,
  );
  const other = webhookSubject(type, String(details.into_id), String(details.into_title), otherIn);
  const base = { id: String(item.id), created_at: String(item.created_at) };
  return item.kind === 'merged'
    ? { ...base, type: 'request.merged', data: { subject, into: other } }
    : { ...base, type: 'request.unmerged', data: { subject, from: other } };
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
