import type { WebhookDelivery } from '@hatchworks/shared/schemas/webhooks';
import { Badge } from '../../../components/ui/badge';
import { LoadingState } from '../../../components/ui/spinner';
import { formErrorMessage } from '../../../lib/api-error';
import { DELIVERIES_FAILED, useDeliveries } from '../api/webhooks';

const OUTCOME_TONES = { delivered: 'success', failed: 'danger', refused: 'warning' } as const;

const OUTCOME_LABELS: Record<WebhookDelivery['outcome'], string> = {
  delivered: 'Delivered',
  failed: 'Failed',
  refused: 'Refused',
};

const time = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

/** The endpoint's latest 50 attempts, newest first: when, what, how it went and how fast. */
export function DeliveryLog({ id, endpointId }: { id: string; endpointId: string }) {
  const deliveries = useDeliveries(endpointId, true);
  let body;
  if (deliveries.isPending) body = <LoadingState label="Loading the delivery log..." />;
  else if (deliveries.isError) {
    body = (
      <p className="form-error" role="alert">
        {formErrorMessage(deliveries.error, DELIVERIES_FAILED)}
      </p>
    );
  } else if (deliveries.data.length === 0) {
    body = <p className="webhooks-empty">No deliveries yet. Send a test event to try it.</p>;
  } else {
    body = (
      // Focusable, so a keyboard can scroll the table sideways on a narrow screen.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      <div className="delivery-log__scroll" tabIndex={0} role="group" aria-label="Deliveries">
        <table className="delivery-log__table">
          <caption className="visually-hidden">The latest deliveries, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Event</th>
              <th scope="col">Result</th>
              <th scope="col">Latency</th>
              <th scope="col">Answer</th>
            </tr>
          </thead>
          <tbody>
            {deliveries.data.map((delivery) => (
              <tr key={delivery.id}>
                <td>{time(delivery.created_at)}</td>
                <td>
                  <code>{delivery.event_type}</code>
                  {delivery.attempt > 1 ? ` (attempt ${delivery.attempt})` : ''}
                </td>
                <td>
                  <Badge tone={OUTCOME_TONES[delivery.outcome]}>
                    {OUTCOME_LABELS[delivery.outcome]}
                    {delivery.status === null ? '' : ` ${delivery.status}`}
                  </Badge>
                </td>
                <td>{delivery.latency_ms} ms</td>
                <td className="delivery-log__excerpt">{delivery.excerpt || '(empty)'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  return (
    <section id={id} className="delivery-log" aria-label="Delivery log">
      {body}
    </section>
  );
}
