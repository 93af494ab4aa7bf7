import {
  WEBHOOK_TEST_EVENT,
  type WebhookEventData,
  type WebhookFormat,
  type WebhookPayload,
  type WebhookSubject,
} from '@hatchworks/shared/schemas/webhooks';
import { SUBJECT_TYPES, subjectPath } from '@hatchworks/shared/schemas/subjects';

/** An event as it is sent: its type, when it happened and its data, links already absolute. */
export type OutgoingEvent = WebhookPayload;

const KIND_NAMES: Record<WebhookSubject['type'], string> = {
  feature: 'feature request',
  tracker_request: 'tracker request',
  tracker_suggestion: 'project suggestion',
};

/**
 * The event with every link filled in and absolute: a request's own page for each subject (left
 * empty by the change that wrote it), a comment's that of its request, and any site-relative
 * path prefixed with the site's origin.
 */
export function withLinks(event: OutgoingEvent, siteUrl: string): OutgoingEvent {
  const origin = siteUrl.replace(/\/+$/, '');
  const visit = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(visit);
    if (!value || typeof value !== 'object') return value;
    const entries = Object.entries(value as Record<string, unknown>).map(([name, each]) => [
      name,
      visit(each),
    ]);
    const object = Object.fromEntries(entries) as Record<string, unknown>;
    if (isSubject(object) && !object.url) object.url = subjectPath(object.type, object.id);
    if (typeof object.url === 'string' && object.url.startsWith('/')) {
      object.url = `${origin}${object.url}`;
    }
    return object;
  };
  const linked = visit(event) as OutgoingEvent;
  if (linked.type === 'comment.created' && !linked.data.comment.url) {
    linked.data.comment.url = linked.data.subject.url;
  }
  return linked;
}

const isSubject = (value: Record<string, unknown>): value is WebhookSubject =>
  typeof value.id === 'string' &&
  typeof value.type === 'string' &&
  (SUBJECT_TYPES as readonly string[]).includes(value.type);

const inProject = (subject: WebhookSubject) =>
  subject.project ? ` in ${subject.project.title}` : '';

const named = (subject: WebhookSubject) =>
  `${KIND_NAMES[subject.type]} "${subject.title}"${inProject(subject)}`;

/** One line a person reads in a chat channel, with the link to open. */
export function describeEvent(event: OutgoingEvent): string {
  switch (event.type) {
    case 'request.created': {
      const data: WebhookEventData['request.created'] = event.data;
      const by = data.author ? ` by ${data.author}` : '';
      return `New ${named(data.subject)}${by}: ${data.subject.url}`;
    }
    case 'request.status_changed': {
      const data: WebhookEventData['request.status_changed'] = event.data;
      return `The ${named(data.subject)} is now ${data.status.replace(/_/g, ' ')}: ${data.subject.url}`;
    }
    case 'request.merged': {
      const data: WebhookEventData['request.merged'] = event.data;
      return `The ${named(data.subject)} was merged into "${data.into.title}": ${data.into.url}`;
    }
    case 'request.unmerged': {
      const data: WebhookEventData['request.unmerged'] = event.data;
      return `The merge of the ${named(data.subject)} into "${data.from.title}" was undone: ${data.subject.url}`;
    }
    case 'request.egg_threshold_passed': {
      const data: WebhookEventData['request.egg_threshold_passed'] = event.data;
      return `The ${named(data.subject)} passed ${data.threshold} eggs (now ${data.eggs}): ${data.subject.url}`;
    }
    case 'comment.created': {
      const data: WebhookEventData['comment.created'] = event.data;
      return `${data.comment.author} commented on the ${named(data.subject)}: "${data.comment.excerpt}" ${data.comment.url}`;
    }
    case 'changelog.published': {
      const data: WebhookEventData['changelog.published'] = event.data;
      return `Changelog: "${data.entry.title}" ${data.entry.url}`;
    }
    case WEBHOOK_TEST_EVENT:
      return event.data.message;
  }
}

/** Discord refuses a message longer than 2,000 characters; Slack folds long ones itself. */
const DISCORD_MAX = 2000;

/** The body of a delivery in the endpoint's format. */
export function messageBody(event: OutgoingEvent, format: WebhookFormat): string {
  switch (format) {
    case 'standard':
      return JSON.stringify(event);
    case 'slack':
      return JSON.stringify({ text: describeEvent(event) });
    case 'discord':
      return JSON.stringify({
        content: describeEvent(event).slice(0, DISCORD_MAX),
        // A title someone typed never pings a channel or a role.
        allowed_mentions: { parse: [] },
      });
  }
}
