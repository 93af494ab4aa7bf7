/**
 * Contracts of the webhook operations (admins only), one module each so that a bundle keeps only
 * the schemas of the operations it calls.
 */
export { listWebhooks } from './webhooks/list-webhooks';
export { createWebhook } from './webhooks/create-webhook';
export { updateWebhook } from './webhooks/update-webhook';
export { deleteWebhook } from './webhooks/delete-webhook';
export { testWebhook } from './webhooks/test-webhook';
export { listWebhookDeliveries } from './webhooks/list-webhook-deliveries';
