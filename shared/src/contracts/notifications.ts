/**
 * Contracts of the notifications operations, one module each so that a bundle keeps only the schemas of
 * the operations it calls (a bundler keeps a module's every schema, used or not).
 */
export { listNotifications } from './notifications/list-notifications';
export { getUnreadNotificationCount } from './notifications/get-unread-notification-count';
export { markNotificationsRead } from './notifications/mark-notifications-read';
export { unsubscribeNotifications } from './notifications/unsubscribe-notifications';
export { getNotificationPreferences } from './notifications/get-notification-preferences';
export { updateNotificationPreferences } from './notifications/update-notification-preferences';
