import { randomBytes } from 'node:crypto';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import {
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  type WebhookEndpoint,
  type WebhookEndpointInput,
  type WebhookEndpointUpdate,
  type WebhookEventType,
  type WebhookFormat,
} from '@hatchworks/shared/schemas/webhooks';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { db, tableName } from '../table/client';
import { webhookKeys } from '../table/keys';
import { cancellationCodes, failedCondition, putNew, transact } from '../table/transactions';

/** An endpoint as stored: the API's view plus the secret that signs its deliveries. */
export interface StoredEndpoint {
  readonly id: string;
  readonly url: string;
  readonly format: WebhookFormat;
  readonly events: readonly WebhookEventType[];
  readonly egg_threshold: number | null;
  readonly description: string;
  readonly enabled: boolean;
  readonly disabled_reason: string | null;
  readonly disabled_at: string | null;
  /** `whsec_` and 24 random bytes in base64, as the Standard Webhooks libraries expect. */
  readonly secret: string;
  readonly created_at: string;
  readonly updated_at: string;
}

/** A new signing secret: 24 random bytes, `whsec_`-prefixed base64 (the specification's form). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** The API's view: everything but the secret, of which only the last four characters show. */
export function toApiEndpoint(endpoint: StoredEndpoint): WebhookEndpoint {
  return {
    id: endpoint.id,
    url: endpoint.url,
    format: endpoint.format,
    events: [...endpoint.events],
    egg_threshold: endpoint.egg_threshold,
    description: endpoint.description,
    enabled: endpoint.enabled,
    disabled_reason: endpoint.disabled_reason,
    disabled_at: endpoint.disabled_at,
    secret_hint: `…${endpoint.secret.slice(-4)}`,
    created_at: endpoint.created_at,
    updated_at: endpoint.updated_at,
  };
}

function fromItem(item: Record<string, unknown>): StoredEndpoint {
  return {
    id: item.id as string,
    url: item.url as string,
    format: item.format as WebhookFormat,
    events: item.events as WebhookEventType[],
    egg_threshold: (item.egg_threshold as number | null | undefined) ?? null,
    description: (item.description as string | undefined) ?? '',
    enabled: item.enabled === true,
    disabled_reason: (item.disabled_reason as string | null | undefined) ?? null,
    disabled_at: (item.disabled_at as string | null | undefined) ?? null,
    secret: item.secret as string,
    created_at: item.created_at as string,
    updated_at: item.updated_at as string,
  };
}

/** Every endpoint, oldest first: one Query of one small partition. */
export async function listEndpoints(): Promise<StoredEndpoint[]> {
  const result = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: {
        ':pk': webhookKeys.endpointsPartition,
        ':prefix': webhookKeys.endpointPrefix,
      },
      ConsistentRead: true,
      Limit: WEBHOOK_LIMITS.endpoints,
    }),
  );
  return (result.Items ?? []).map(fromItem).sort((a, b) => a.id.localeCompare(b.id));
}

export async function getEndpoint(id: string): Promise<StoredEndpoint | null> {
  const result = await db.send(
    new GetCommand({ TableName: tableName, Key: webhookKeys.endpoint(id), ConsistentRead: true }),
  );
  return result.Item ? fromItem(result.Item) : null;
}

export async function requireEndpoint(id: string): Promise<StoredEndpoint> {
  const endpoint = await getEndpoint(id);
  if (!endpoint) throw new NotFoundError('Webhook not found');
  return endpoint;
}

/**
 * Adds an endpoint with a fresh secret; the count item in the same transaction keeps the site at
 * `WEBHOOK_LIMITS.endpoints` however many admins add at once.
 */
export async function createEndpoint(
  input: WebhookEndpointInput,
  now = new Date(),
): Promise<StoredEndpoint> {
  const at = now.toISOString();
  const endpoint: StoredEndpoint = {
    id: ulid(now.getTime()),
    url: input.url,
    format: input.format,
    events: input.events,
    egg_threshold: input.egg_threshold,
    description: input.description,
    enabled: true,
    disabled_reason: null,
    disabled_at: null,
    secret: newWebhookSecret(),
    created_at: at,
    updated_at: at,
  };
  try {
    await transact([
      putNew({ ...webhookKeys.endpoint(endpoint.id), entity: 'WebhookEndpoint', ...endpoint }),
      {
        Update: {
          TableName: tableName,
          Key: webhookKeys.count,
          UpdateExpression: 'ADD endpoints :one',
          ConditionExpression: 'attribute_not_exists(endpoints) OR endpoints < :max',
          ExpressionAttributeValues: { ':one': 1, ':max': WEBHOOK_LIMITS.endpoints },
        },
      },
    ]);
  } catch (error) {
    if (failedCondition(cancellationCodes(error), 1)) {
      throw new ConflictError(WEBHOOK_MESSAGES.tooMany);
    }
    throw error;
  }
  return endpoint;
}

/**
 * Saves an endpoint's settings. Switching it on clears why it was off; switching it off records
 * that an admin did.
 */
export async function updateEndpoint(
  id: string,
  update: WebhookEndpointUpdate,
  now = new Date(),
): Promise<StoredEndpoint> {
  const current = await requireEndpoint(id);
  const at = now.toISOString();
  const switchedOff = current.enabled && !update.enabled;
  const disabled = update.enabled
    ? { disabled_reason: null, disabled_at: null }
    : switchedOff
      ? { disabled_reason: 'Disabled by an admin', disabled_at: at }
      : { disabled_reason: current.disabled_reason, disabled_at: current.disabled_at };
  const next: StoredEndpoint = {
    ...current,
    url: update.url,
    format: update.format,
    events: update.events,
    egg_threshold: update.egg_threshold,
    description: update.description,
    enabled: update.enabled,
    ...disabled,
    updated_at: at,
  };
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: webhookKeys.endpoint(id),
        UpdateExpression:
          'SET #url = :url, #format = :format, events = :events, egg_threshold = :threshold, ' +
          'description = :description, enabled = :enabled, disabled_reason = :reason, ' +
          'disabled_at = :disabledAt, updated_at = :at',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#url': 'url', '#format': 'format' },
        ExpressionAttributeValues: {
          ':url': next.url,
          ':format': next.format,
          ':events': next.events,
          ':threshold': next.egg_threshold,
          ':description': next.description,
          ':enabled': next.enabled,
          ':reason': next.disabled_reason,
          ':disabledAt': next.disabled_at,
          ':at': at,
        },
      }),
    );
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') {
      throw new NotFoundError('Webhook not found');
    }
    throw error;
  }
  return next;
}

/**
 * Switches an endpoint off after a delivery failed every retry, unless it is already off or was
 * changed since that delivery began (an admin re-enabled it meanwhile). Answers whether it did.
 */
export async function disableFailingEndpoint(
  id: string,
  reason: string,
  now = new Date(),
): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: webhookKeys.endpoint(id),
        UpdateExpression: 'SET enabled = :off, disabled_reason = :reason, disabled_at = :at',
        ConditionExpression: 'attribute_exists(PK) AND enabled = :on',
        ExpressionAttributeValues: {
          ':off': false,
          ':on': true,
          ':reason': reason,
          ':at': now.toISOString(),
        },
      }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** Removes an endpoint; its log expires on its own (TTL). */
export async function deleteEndpoint(id: string): Promise<void> {
  try {
    await transact([
      {
        Delete: {
          TableName: tableName,
          Key: webhookKeys.endpoint(id),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
      {
        Update: {
          TableName: tableName,
          Key: webhookKeys.count,
          UpdateExpression: 'ADD endpoints :minusOne',
          ExpressionAttributeValues: { ':minusOne': -1 },
        },
      },
    ]);
  } catch (error) {
    if (failedCondition(cancellationCodes(error), 0)) throw new NotFoundError('Webhook not found');
    throw error;
  }
}
