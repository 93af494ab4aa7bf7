import type { RouteContract } from '../../contract';
import {
  UnsubscribeInputSchema,
  UnsubscribeQuerySchema,
  UnsubscribeResultSchema,
} from '../../schemas/notifications';

/**
 * The one-click unsubscribe of a notification mail, without signing in: the token comes in the
 * query (the mail's `List-Unsubscribe` URL, posted by mail clients as a form, RFC 8058) or in the
 * JSON body (the site's /unsubscribe page).
 */
export const unsubscribeNotifications = {
  id: 'UnsubscribeNotifications',
  method: 'POST',
  path: '/api/notifications/unsubscribe',
  access: 'public',
  query: UnsubscribeQuerySchema,
  body: UnsubscribeInputSchema,
  bodyMessages: true,
  data: UnsubscribeResultSchema,
} as const satisfies RouteContract;
