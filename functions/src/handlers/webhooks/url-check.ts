import { ValidationError } from '../../lib/errors';
import { checkWebhookUrl } from '../../modules/webhooks/outbound';
import { webhookSettings } from '../../modules/webhooks/settings';

/**
 * Refuses, when it is saved, a URL whose host is or resolves to an address the site never calls
 * (private, loopback, link-local, unique-local, multicast); each delivery checks again when it
 * connects, as the name may resolve elsewhere by then.
 */
export async function requireReachableUrl(url: string): Promise<void> {
  const verdict = await checkWebhookUrl(url, { allowLoopback: webhookSettings().allowLoopback });
  if (!verdict.ok) {
    const message = `This URL cannot receive webhooks: ${verdict.reason}.`;
    throw new ValidationError([{ field: 'url', message }], message);
  }
}
