import { listEndpoints } from './endpoints';
import { enqueueDelivery } from './queue';
import { eventFor, readEvent, type EventSource } from './stored-events';

/** Queues the first attempt of an event for every endpoint that takes it. */
export async function dispatchWebhookEvent(
  eventId: string,
  source: EventSource = 'webhook',
  now = new Date(),
): Promise<number> {
  const event = await readEvent(eventId, source);
  if (!event) return 0;
  const endpoints = (await listEndpoints()).filter((endpoint) => eventFor(endpoint, event));
  await Promise.all(
    endpoints.map((endpoint) =>
      enqueueDelivery(
        {
          endpoint_id: endpoint.id,
          event_id: event.id,
          ...(source === 'webhook' ? {} : { source }),
          attempt: 1,
          due_at: now.toISOString(),
        },
        0,
      ),
    ),
  );
  return endpoints.length;
}
