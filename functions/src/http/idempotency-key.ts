import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { IdempotencyKeySchema } from '@hatchworks/shared/schemas/eggs';
import { ValidationError } from '../lib/errors';

/** The request's `Idempotency-Key` header, checked; undefined when it is not sent. */
export function idempotencyKey(event: APIGatewayProxyEventV2): string | undefined {
  const value = event.headers['idempotency-key'] ?? event.headers['Idempotency-Key'];
  if (value === undefined) return undefined;
  const parsed = IdempotencyKeySchema.safeParse(value);
  if (!parsed.success) {
    throw new ValidationError([
      { field: 'Idempotency-Key', message: parsed.error.issues[0]?.message ?? 'Invalid' },
    ]);
  }
  return parsed.data;
}
