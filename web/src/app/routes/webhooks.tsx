import { WebhooksPage } from '../../features/webhooks/components/webhooks-page';

export default function WebhooksRoute() {
  return <WebhooksPage />;
}
