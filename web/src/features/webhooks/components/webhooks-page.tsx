import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_MESSAGES,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@hatchworks/shared/schemas/webhooks';
import { AdminOnly } from '../../../components/layouts/admin-only';
import { Badge } from '../../../components/ui/badge';
import { DocumentTitle } from '../../../components/ui/document-title';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { LoadingState } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { formErrorMessage } from '../../../lib/api-error';
import {
  DELETE_WEBHOOK_FAILED,
  SAVE_WEBHOOK_FAILED,
  TEST_WEBHOOK_FAILED,
  WEBHOOKS_FAILED,
  useCreateWebhook,
  useDeleteWebhook,
  useTestWebhook,
  useUpdateWebhook,
  useWebhooks,
} from '../api/webhooks';
import { DeliveryLog } from './delivery-log';
import {
  EMPTY_WEBHOOK_FORM,
  FORMAT_LABELS,
  WebhookForm,
  webhookInputFromForm,
  type WebhookFormValues,
} from './webhook-form';
import './webhooks.css';

/** `/projects/webhooks`: admins add, test, edit, switch on and off, and delete endpoints. */
export function WebhooksPage() {
  return (
    <div className="container page webhooks-page">
      <DocumentTitle title={paths.webhooks.title} />
      <Link to={paths.projects.path} className="back-link">
        ← Back to {paths.projects.title}
      </Link>
      <header className="webhooks-page__header">
        <h1>{paths.webhooks.title}</h1>
        <p className="lede">
          Tell the studio&apos;s tools when something happens on the site: each delivery is signed
          with the endpoint&apos;s secret and retried for over a day before the endpoint is switched
          off.
        </p>
      </header>
      <AdminOnly
        title={paths.webhooks.title}
        signInReason="You must be logged in to manage webhooks."
        adminReason="You must be an administrator to manage webhooks."
      >
        <AddWebhookSection />
        <WebhookList />
      </AdminOnly>
    </div>
  );
}

function AddWebhookSection() {
  const create = useCreateWebhook();
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <section className="card" aria-labelledby="add-webhook-title">
      <h2 id="add-webhook-title">Add an endpoint</h2>
      {secret ? (
        <SecretNotice secret={secret} onDone={() => setSecret(null)} />
      ) : (
        <WebhookForm
          label="Add an endpoint"
          initialValues={EMPTY_WEBHOOK_FORM}
          submitLabel="Add Endpoint"
          pendingLabel="Adding..."
          pending={create.isPending}
          error={create.error}
          fallbackMessage={SAVE_WEBHOOK_FAILED}
          onSubmit={async (values) => {
            try {
              const created = await create.mutateAsync(webhookInputFromForm(values));
              setSecret(created.data.secret);
              return true;
            } catch {
              return false;
            }
          }}
        />
      )}
    </section>
  );
}

/** The new endpoint's secret, shown this once, with a way to copy it. */
function SecretNotice({ secret, onDone }: { secret: string; onDone: () => void }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  return (
    <div className="webhook-secret" role="status">
      <p className="webhook-secret__message">{WEBHOOK_MESSAGES.created}</p>
      <label className="field__label" htmlFor={`${id}-secret`}>
        Signing secret
      </label>
      <div className="webhook-secret__row">
        <input
          id={`${id}-secret`}
          className="input webhook-secret__value"
          readOnly
          value={secret}
          onFocus={(event) => event.target.select()}
        />
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(secret).then(
              () => setCopied(true),
              () => setCopied(false),
            );
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <button type="button" className="button button--primary" data-autofocus onClick={onDone}>
        Done
      </button>
    </div>
  );
}

function WebhookList() {
  const webhooks = useWebhooks();
  let body;
  if (webhooks.isPending) body = <LoadingState label="Loading webhooks..." />;
  else if (webhooks.isError) {
    body = (
      <div className="form-error" role="alert">
        <p>{formErrorMessage(webhooks.error, WEBHOOKS_FAILED)}</p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void webhooks.refetch()}
        >
          Try again
        </button>
      </div>
    );
  } else if (webhooks.data.length === 0) {
    body = (
      <p className="webhooks-empty">
        No endpoints yet. Add one above to tell your tools about new requests, status changes,
        comments and releases.
      </p>
    );
  } else {
    body = (
      <ul className="webhook-list">
        {webhooks.data.map((endpoint) => (
          <li key={endpoint.id}>
            <WebhookCard endpoint={endpoint} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section aria-labelledby="webhook-list-title" className="webhook-list-section">
      <h2 id="webhook-list-title">Endpoints</h2>
      {body}
    </section>
  );
}

const formValuesOf = (endpoint: WebhookEndpoint): WebhookFormValues => ({
  url: endpoint.url,
  format: endpoint.format,
  events: endpoint.events as WebhookEventType[],
  eggThreshold: endpoint.egg_threshold === null ? '' : String(endpoint.egg_threshold),
  description: endpoint.description,
});

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function WebhookCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const showToast = useToast();
  const update = useUpdateWebhook();
  const test = useTestWebhook();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [logOpen, setLogOpen] = useState(false);
  const logId = useId();

  const switchTo = async (enabled: boolean) => {
    try {
      await update.mutateAsync({
        id: endpoint.id,
        update: { ...webhookInputFromForm(formValuesOf(endpoint)), enabled },
      });
      showToast({ message: enabled ? WEBHOOK_MESSAGES.enabled : 'Webhook disabled.' });
    } catch (error) {
      showToast({ message: formErrorMessage(error, SAVE_WEBHOOK_FAILED), tone: 'error' });
    }
  };

  const sendTest = async () => {
    try {
      const { data } = await test.mutateAsync(endpoint.id);
      setLogOpen(true);
      showToast({
        message:
          data.outcome === 'delivered'
            ? `${WEBHOOK_MESSAGES.testSent} The endpoint answered ${data.status}.`
            : `${WEBHOOK_MESSAGES.testSent} It was not delivered: ${data.status ?? data.excerpt}.`,
        tone: data.outcome === 'delivered' ? 'success' : 'error',
      });
    } catch (error) {
      showToast({ message: formErrorMessage(error, TEST_WEBHOOK_FAILED), tone: 'error' });
    }
  };

  if (editing) {
    return (
      <article className="card webhook-card" aria-label={`Edit ${endpoint.url}`}>
        <WebhookForm
          label={`Edit ${endpoint.url}`}
          initialValues={formValuesOf(endpoint)}
          submitLabel="Save Changes"
          pendingLabel="Saving..."
          pending={update.isPending}
          error={update.error}
          fallbackMessage={SAVE_WEBHOOK_FAILED}
          onCancel={() => setEditing(false)}
          onSubmit={async (values) => {
            try {
              await update.mutateAsync({
                id: endpoint.id,
                update: { ...webhookInputFromForm(values), enabled: endpoint.enabled },
              });
              showToast({ message: WEBHOOK_MESSAGES.updated });
              setEditing(false);
              return true;
            } catch {
              return false;
            }
          }}
        />
      </article>
    );
  }

  return (
    <article className="card webhook-card" aria-labelledby={`${logId}-title`}>
      <div className="webhook-card__head">
        <h3 className="webhook-card__url" id={`${logId}-title`}>
          {endpoint.url}
        </h3>
        {endpoint.enabled ? (
          <Badge tone="success">Enabled</Badge>
        ) : (
          <Badge tone="danger">Disabled</Badge>
        )}
      </div>
      {endpoint.description ? (
        <p className="webhook-card__description">{endpoint.description}</p>
      ) : null}
      {!endpoint.enabled && endpoint.disabled_reason ? (
        <p className="webhook-card__disabled" role="note">
          {endpoint.disabled_reason}
          {endpoint.disabled_at ? ` (${when(endpoint.disabled_at)})` : ''}.
        </p>
      ) : null}
      <dl className="webhook-card__facts">
        <div>
          <dt>Format</dt>
          <dd>{FORMAT_LABELS[endpoint.format]}</dd>
        </div>
        <div>
          <dt>Secret</dt>
          <dd>
            <code>{endpoint.secret_hint}</code>
          </dd>
        </div>
        <div className="webhook-card__events">
          <dt>Events</dt>
          <dd>
            {endpoint.events
              .map((event) => {
                const label = WEBHOOK_EVENT_LABELS[event as WebhookEventType] ?? event;
                return event === 'request.egg_threshold_passed' && endpoint.egg_threshold
                  ? `${label} (${endpoint.egg_threshold} eggs)`
                  : label;
              })
              .join(', ')}
          </dd>
        </div>
      </dl>
      <div className="webhook-card__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={test.isPending}
          onClick={() => void sendTest()}
        >
          {test.isPending ? 'Sending...' : 'Send Test Event'}
        </button>
        <button
          type="button"
          className="button button--secondary"
          aria-expanded={logOpen}
          aria-controls={`${logId}-log`}
          onClick={() => setLogOpen((open) => !open)}
        >
          {logOpen ? 'Hide Delivery Log' : 'Delivery Log'}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setEditing(true)}>
          Edit
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={update.isPending}
          onClick={() => void switchTo(!endpoint.enabled)}
        >
          {endpoint.enabled ? 'Disable' : 'Enable'}
        </button>
        <button
          type="button"
          className="button button--danger-outline"
          onClick={() => setDeleting(true)}
        >
          Delete
        </button>
      </div>
      {logOpen ? <DeliveryLog id={`${logId}-log`} endpointId={endpoint.id} /> : null}
      {deleting ? (
        <DeleteWebhookDialog endpoint={endpoint} onClose={() => setDeleting(false)} />
      ) : null}
    </article>
  );
}

function DeleteWebhookDialog({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpoint;
  onClose: () => void;
}) {
  const showToast = useToast();
  const remove = useDeleteWebhook(() => {
    showToast({ message: WEBHOOK_MESSAGES.deleted });
    onClose();
  });
  return (
    <ConfirmDeleteDialog
      title="Delete Webhook"
      confirmLabel="Delete Webhook"
      pending={remove.isPending}
      error={remove.error}
      fallbackMessage={DELETE_WEBHOOK_FAILED}
      onConfirm={() => remove.mutate(endpoint.id)}
      onClose={onClose}
    >
      Delete the endpoint <strong>{endpoint.url}</strong>? It gets no more events, and its delivery
      log goes with it. This cannot be undone.
    </ConfirmDeleteDialog>
  );
}
