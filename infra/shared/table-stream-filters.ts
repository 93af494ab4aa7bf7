import { MAIL_STREAM_FILTER } from '@hatchworks/functions/modules/mail/mail-requests';
import { NOTIFICATION_STREAM_FILTER } from '@hatchworks/functions/modules/notifications/notification-events';
import { SEARCH_STREAM_FILTERS } from '@hatchworks/functions/modules/search/stream-filter';
import { WEBHOOK_STREAM_FILTER } from '@hatchworks/functions/modules/webhooks/webhook-events';
import type { TableStreamFilter } from '@hatchworks/functions/modules/table/stream-filter';

/**
 * What the table stream's one function (`functions/src/triggers/table-stream.ts`) is fed: the
 * union of its concerns' filters (mail, notifications, search, webhooks). The event source mapping on AWS
 * and the local stack's stream poller both filter on it; the function hands each record on to the
 * concerns whose own filter selects it.
 */
export const TABLE_STREAM_FILTERS: readonly TableStreamFilter[] = [
  MAIL_STREAM_FILTER,
  NOTIFICATION_STREAM_FILTER,
  ...SEARCH_STREAM_FILTERS,
  WEBHOOK_STREAM_FILTER,
];
