import { createHash } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { ConflictError } from '../../lib/errors';
import { KEY_REUSED } from './balance-change';
import { db, tableName } from '../table/client';
import { idempotencyKeys } from '../table/keys';
import type { TransactItem } from '../table/transactions';

/** How long an Idempotency-Key keeps answering the first outcome (as for the user's own changes). */
const TTL_SECONDS = 24 * 60 * 60;

/**
 * An `Idempotency-Key` of a request whose effect lands on someone else (an admin adjusting a
 * user's eggs, or rejecting a request and so refunding its author): the record lives in the
 * caller's partition, so a key belongs to the caller whatever user or feature the request names.
 */
export interface CallerIdempotency {
  readonly callerId: string;
  readonly operation: string;
  readonly key: string;
  /** What the request asked for; the same key with another request is a 409. */
  readonly request: unknown;
}

/** Thrown inside a transaction's planning when the record was written meanwhile. */
export class DuplicateRequest extends Error {}

const requestHash = (request: unknown) =>
  createHash('sha256').update(JSON.stringify(request)).digest('base64url');

const nowSeconds = (now: Date) => Math.floor(now.getTime() / 1000);

/** The first outcome of the key, when the request was already carried out. */
export async function replayed<R>(
  idempotency: CallerIdempotency,
  now: Date,
): Promise<{ result: R } | undefined> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName,
      Key: idempotencyKeys.record(idempotency.callerId, idempotency.operation, idempotency.key),
      ConsistentRead: true,
    }),
  );
  // TTL deletion is lazy (and absent locally): an expired record no longer counts.
  if (!Item || Number(Item.expires_at) < nowSeconds(now)) return undefined;
  if (Item.request_hash !== requestHash(idempotency.request)) throw new ConflictError(KEY_REUSED);
  return { result: Item.result as R };
}

/** The first outcome after a duplicate was detected; a 409 when it cannot be read back. */
export async function firstOutcome<R>(idempotency: CallerIdempotency, now: Date): Promise<R> {
  const first = await replayed<R>(idempotency, now);
  if (!first) throw new ConflictError();
  return first.result;
}

function recordPut(idempotency: CallerIdempotency, result: unknown, now: Date) {
  return {
    TableName: tableName,
    Item: {
      ...idempotencyKeys.record(idempotency.callerId, idempotency.operation, idempotency.key),
      entity: 'IdempotencyRecord',
      result,
      request_hash: requestHash(idempotency.request),
      created_at: now.toISOString(),
      expires_at: nowSeconds(now) + TTL_SECONDS,
    },
    ConditionExpression: 'attribute_not_exists(PK) OR expires_at < :nowSeconds',
    ExpressionAttributeValues: { ':nowSeconds': nowSeconds(now) },
  };
}

/**
 * The record as a transaction item, written with the change it answers for: its condition fails
 * when the same key was carried out meanwhile (a simultaneous retry).
 */
export function recordItem(
  idempotency: CallerIdempotency,
  result: unknown,
  now: Date,
): TransactItem {
  return { Put: recordPut(idempotency, result, now) };
}

/**
 * Stores the outcome of a request made of several transactions (bulk approval) once they are
 * done, and answers the outcome that counts: this one, or a simultaneous retry's stored first.
 */
export async function storeOutcome<R>(
  idempotency: CallerIdempotency,
  result: R,
  now: Date,
): Promise<R> {
  try {
    await db.send(new PutCommand(recordPut(idempotency, result, now)));
    return result;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return firstOutcome(idempotency, now);
    throw error;
  }
}
