import * as z from '../zod';
import { SUBJECT_TYPES } from './subjects';
import { noHiddenCharacters } from './text';

/**
 * Webhooks: admins register endpoints that are told when something happens on the site. Every
 * delivery is signed as the Standard Webhooks specification says (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature`: HMAC-SHA256 with the endpoint's `whsec_` secret), and
 * its body, for the `standard` format, is `{ type, timestamp, data }` with `data` as below.
 */

/** The events an endpoint can subscribe to (the test event is sent only on request). */
export const WEBHOOK_EVENT_TYPES = [
  'request.created',
  'request.status_changed',
  'request.merged',
  'request.unmerged',
  'request.egg_threshold_passed',
  'comment.created',
  'changelog.published',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event an admin's "Send test event" delivers to one endpoint. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'request.created': 'Request created',
  'request.status_changed': 'Status changed',
  'request.merged': 'Request merged',
  'request.unmerged': 'Merge undone',
  'request.egg_threshold_passed': 'Egg threshold passed',
  'comment.created': 'Comment posted',
  'changelog.published': 'Changelog published',
};

/**
 * What a delivery's body looks like: `standard` is the Standard Webhooks JSON payload; `slack`
 * and `discord` are those services' incoming-webhook messages (`{ text }`, `{ content }`).
 */
export const WEBHOOK_FORMATS = ['standard', 'slack', 'discord'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

export const WEBHOOK_LIMITS = {
  /** Endpoints the site keeps: each event is sent to every subscribed one. */
  endpoints: 20,
  urlLength: 2000,
  descriptionLength: 200,
  /** The delivery log keeps this many attempts per endpoint on screen. */
  deliveriesShown: 50,
  /** Characters of a receiver's answer kept in the log. */
  excerptLength: 500,
  maxEggThreshold: 1_000_000_000,
} as const;

// --- Event payloads (`data` of each type) ---

const SubjectTypeSchema = z.enum(SUBJECT_TYPES);

/** The request an event is about: a feature request (eggs) or a tracker request or suggestion. */
export const WebhookSubjectSchema = z.object({
  type: SubjectTypeSchema,
  id: z.string(),
  title: z.string(),
  /** Its page on the site. */
  url: z.string(),
  project: z.nullable(z.object({ id: z.string(), title: z.string() })),
});
export type WebhookSubject = z.infer<typeof WebhookSubjectSchema>;

export const RequestCreatedDataSchema = z.object({
  subject: WebhookSubjectSchema,
  /** The author's public name; null for an anonymous tracker request. */
  author: z.nullable(z.string()),
});

export const StatusChangedDataSchema = z.object({
  subject: WebhookSubjectSchema,
  status: z.string(),
  previous_status: z.nullable(z.string()),
  note: z.nullable(z.string()),
});

export const MergedDataSchema = z.object({
  subject: WebhookSubjectSchema,
  into: WebhookSubjectSchema,
});

export const UnmergedDataSchema = z.object({
  subject: WebhookSubjectSchema,
  from: WebhookSubjectSchema,
});

export const EggThresholdDataSchema = z.object({
  subject: WebhookSubjectSchema,
  /** The request's eggs after the vote that passed the threshold. */
  eggs: z.number().check(z.int()),
  threshold: z.number().check(z.int()),
});

export const CommentCreatedDataSchema = z.object({
  subject: WebhookSubjectSchema,
  comment: z.object({
    id: z.string(),
    author: z.string(),
    /** The comment's text, at most 500 characters. */
    excerpt: z.string(),
    url: z.string(),
  }),
});

export const ChangelogPublishedDataSchema = z.object({
  entry: z.object({ id: z.string(), title: z.string(), url: z.string() }),
});

export const WebhookTestDataSchema = z.object({ message: z.string() });

/** Each event type's `data`, for the receiver and for the code that writes the event. */
export const WEBHOOK_EVENT_DATA = {
  'request.created': RequestCreatedDataSchema,
  'request.status_changed': StatusChangedDataSchema,
  'request.merged': MergedDataSchema,
  'request.unmerged': UnmergedDataSchema,
  'request.egg_threshold_passed': EggThresholdDataSchema,
  'comment.created': CommentCreatedDataSchema,
  'changelog.published': ChangelogPublishedDataSchema,
  [WEBHOOK_TEST_EVENT]: WebhookTestDataSchema,
} as const;

export type WebhookEventData = {
  [Type in keyof typeof WEBHOOK_EVENT_DATA]: z.infer<(typeof WEBHOOK_EVENT_DATA)[Type]>;
};

/** One event of any type: the body of a `standard` delivery. */
export type WebhookPayload = {
  [Type in keyof WebhookEventData]: {
    type: Type;
    /** When the event happened (ISO 8601). */
    timestamp: string;
    data: WebhookEventData[Type];
  };
}[keyof WebhookEventData];

// --- Endpoints ---

const eventList = z.array(z.enum(WEBHOOK_EVENT_TYPES, 'Unknown event')).check(
  z.minLength(1, 'Choose at least one event'),
  z.refine((events) => new Set(events).size === events.length, 'An event is listed twice'),
);

/** Body of `POST /api/admin/webhooks` and `PUT /api/admin/webhooks/{id}`. */
export const WebhookEndpointInputSchema = z
  .object({
    url: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'URL is required'),
        z.maxLength(WEBHOOK_LIMITS.urlLength),
        noHiddenCharacters('URL'),
      ),
    format: z._default(z.enum(WEBHOOK_FORMATS, 'Unknown format'), 'standard'),
    events: eventList,
    /** Eggs a feature request must reach for `request.egg_threshold_passed`. */
    egg_threshold: z._default(
      z.nullable(
        z
          .number()
          .check(
            z.int('The egg threshold must be a whole number'),
            z.minimum(1, 'The egg threshold must be at least 1'),
            z.maximum(WEBHOOK_LIMITS.maxEggThreshold),
          ),
      ),
      null,
    ),
    description: z._default(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(WEBHOOK_LIMITS.descriptionLength),
          noHiddenCharacters('Description'),
        ),
      '',
    ),
  })
  .check(
    z.refine(
      (input) => !input.events.includes('request.egg_threshold_passed') || input.egg_threshold,
      { message: 'Set the egg threshold for "Egg threshold passed"', path: ['egg_threshold'] },
    ),
  );
export type WebhookEndpointInput = z.infer<typeof WebhookEndpointInputSchema>;

/** Body of `PUT /api/admin/webhooks/{id}`: the settings, and `enabled` to switch it on or off. */
export const WebhookEndpointUpdateSchema = z.intersection(
  WebhookEndpointInputSchema,
  z.object({ enabled: z.boolean() }),
);
export type WebhookEndpointUpdate = z.infer<typeof WebhookEndpointUpdateSchema>;

export const WebhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  format: z.enum(WEBHOOK_FORMATS),
  events: z.array(z.string()),
  egg_threshold: z.nullable(z.number()),
  description: z.string(),
  enabled: z.boolean(),
  /** Why it was switched off: by an admin, or after a delivery failed every retry. */
  disabled_reason: z.nullable(z.string()),
  disabled_at: z.nullable(z.string()),
  /** The secret's last four characters, to tell which one a receiver holds. */
  secret_hint: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

/** The answer of a creation: the endpoint and its secret, shown this once. */
export const CreatedWebhookEndpointSchema = z.object({
  endpoint: WebhookEndpointSchema,
  secret: z.string(),
});

export const WebhookEndpointListSchema = z.object({ endpoints: z.array(WebhookEndpointSchema) });

export const WebhookIdParamsSchema = z.object({ id: z.string().check(z.minLength(1)) });

// --- Deliveries ---

export const WEBHOOK_OUTCOMES = ['delivered', 'failed', 'refused'] as const;

/** One attempt to deliver one event to one endpoint. */
export const WebhookDeliverySchema = z.object({
  id: z.string(),
  /** The `webhook-id` the receiver got: the same for every attempt of one event. */
  message_id: z.string(),
  event_type: z.string(),
  attempt: z.number().check(z.int()),
  created_at: z.string(),
  outcome: z.enum(WEBHOOK_OUTCOMES),
  /** The receiver's HTTP status; null when no answer came. */
  status: z.nullable(z.number()),
  latency_ms: z.number(),
  /** The start of the receiver's answer, or why there was none. */
  excerpt: z.string(),
  /** When the next attempt is due, if there is one. */
  next_attempt_at: z.nullable(z.string()),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveryListSchema = z.object({ deliveries: z.array(WebhookDeliverySchema) });

export const WEBHOOK_MESSAGES = {
  created: 'Webhook added. Copy its secret now: it is not shown again.',
  updated: 'Webhook saved.',
  deleted: 'Webhook deleted.',
  enabled: 'Webhook enabled.',
  testSent: 'Test event sent.',
  tooMany: `A site keeps at most ${WEBHOOK_LIMITS.endpoints} webhooks.`,
} as const;
