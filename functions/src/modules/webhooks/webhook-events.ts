import { ulid } from 'ulid';
import type { SubjectType } from '@hatchworks/shared/schemas/subjects';
import type {
  WebhookEventData,
  WebhookEventType,
  WebhookSubject,
} from '@hatchworks/shared/schemas/webhooks';
import { webhookEventKeys } from '../table/keys';
import { TABLE_DEFINITION } from '../table/table-definition';

/**
 * Webhook events. A change the studio's tools should hear about (a request created, a status
 * changed, a comment, a changelog entry, a merge) puts ONE event item in its own transaction and
 * returns; it never calls out itself. The table's stream hands the new item to the dispatcher
 * (`triggers/table-stream/dispatch-webhooks.ts`), which reads it and queues one delivery per
 * subscribed endpoint. So an event is sent exactly when its change landed, and a slow or dead
 * receiver never slows the change.
 *
 * This module's builders go into other modules' transactions (`Put`); the data is the payload
 * the receivers get (`WEBHOOK_EVENT_DATA` in shared/src/schemas/webhooks.ts).
 */

/** Long enough for the stream's retries; deliveries carry what they send. */
const KEEP_SECONDS = 3 * 24 * 60 * 60;

/** Which stream records are webhook events: new items whose partition key starts with `WEBHOOK_EVENT#`. */
export const WEBHOOK_STREAM_FILTER = {
  eventName: 'INSERT',
  partitionKeyPrefix: webhookEventKeys.prefix,
} as const;

export interface StoredWebhookEvent<Type extends WebhookEventType = WebhookEventType> {
  readonly id: string;
  readonly type: Type;
  readonly data: WebhookEventData[Type];
  readonly created_at: string;
}

/** The item of one event, to `Put` in the transaction of the change it tells about. */
export function webhookEventItem<Type extends WebhookEventType>(
  type: Type,
  data: WebhookEventData[Type],
  now: Date,
  eventId: string = ulid(now.getTime()),
): Record<string, unknown> {
  return {
    ...webhookEventKeys.item(eventId),
    entity: 'WebhookEvent',
    id: eventId,
    type,
    data,
    created_at: now.toISOString(),
    [TABLE_DEFINITION.ttlAttribute]: Math.floor(now.getTime() / 1000) + KEEP_SECONDS,
  };
}

/** The event id a stream record's keys name, or undefined when they name no webhook event. */
export function webhookEventIdOf(
  keys: Readonly<Record<string, { readonly S?: string } | undefined>> | undefined,
): string | undefined {
  const partition = keys?.[TABLE_DEFINITION.partitionKey]?.S;
  const sort = keys?.[TABLE_DEFINITION.sortKey]?.S;
  if (!partition?.startsWith(webhookEventKeys.prefix) || sort !== 'EVENT') return undefined;
  return partition.slice(webhookEventKeys.prefix.length) || undefined;
}

/**
 * The request an event is about. Its `url` is left empty here and filled when the event is sent
 * (`withLinks`): the change that writes the event knows neither the site's address nor, to keep
 * every writer's bundle small, the site's paths.
 */
export function webhookSubject(
  type: SubjectType,
  id: string,
  title: string,
  project: { readonly id: string; readonly title: string } | null | undefined,
): WebhookSubject {
  return {
    type,
    id,
    title,
    url: '',
    project: project ? { id: project.id, title: project.title } : null,
  };
}
