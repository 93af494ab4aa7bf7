import { timingSafeEqual } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../table/client';
import { credentialKeys, userKeys, type OneTimePurpose } from '../table/keys';
import {
  cancellationCodes,
  failedCondition,
  transact,
  type TransactItem,
} from '../table/transactions';
import { USER_POOL_STORE } from './password-store';
import type { StoredUser } from './users-repository';

export type { OneTimePurpose };

/**
 * Password hashes and one-time tokens, in the user's `CREDENTIAL#<id>` partition: only the
 * functions the route manifest marks `credentials` read or write them.
 */

const nowSeconds = (now: Date) => Math.floor(now.getTime() / 1000);

/** The item of a user's password hash, written in the transaction that sets it. */
export function passwordItem(userId: string, hash: string, now: Date): TransactItem {
  return {
    Put: {
      TableName: tableName,
      Item: {
        ...credentialKeys.password(userId),
        entity: 'Password',
        user_id: userId,
        password_hash: hash,
        updated_at: now.toISOString(),
      },
    },
  };
}

/** Where a user's password hash was found: its own item, or the user item of older data. */
export interface StoredPassword {
  readonly hash: string;
  readonly legacy: boolean;
}

/**
 * The user's password hash. Accounts made before passwords moved to their own items still carry
 * it on the user item; those move on their next successful sign-in (`upgradePassword`).
 */
export async function readPassword(user: StoredUser): Promise<StoredPassword | undefined> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName,
      Key: credentialKeys.password(user.id),
      ConsistentRead: true,
    }),
  );
  if (typeof Item?.password_hash === 'string') return { hash: Item.password_hash, legacy: false };
  return user.password_hash ? { hash: user.password_hash, legacy: true } : undefined;
}

/**
 * Stores a new hash of the same password (a stronger cost, or the move out of the user item), on
 * the condition that the password is still the one just checked: a password changed meanwhile
 * is never overwritten with the old one. Losing that race changes nothing.
 */
export async function upgradePassword(
  user: StoredUser,
  old: StoredPassword,
  hash: string,
  now = new Date(),
): Promise<void> {
  const put = passwordItem(user.id, hash, now).Put;
  if (!put) return;
  const items: TransactItem[] = old.legacy
    ? [
        { Put: { ...put, ConditionExpression: 'attribute_not_exists(PK)' } },
        {
          Update: {
            TableName: tableName,
            Key: userKeys.item(user.id),
            UpdateExpression: 'SET has_password = :true REMOVE password_hash',
            ConditionExpression: 'password_hash = :old AND attribute_not_exists(deleted_at)',
            ExpressionAttributeValues: { ':true': true, ':old': old.hash },
          },
        },
      ]
    : [
        {
          Put: {
            ...put,
            ConditionExpression: 'password_hash = :old',
            ExpressionAttributeValues: { ':old': old.hash },
          },
        },
      ];
  try {
    await transact(items);
  } catch (error) {
    if (!cancellationCodes(error)) throw error;
  }
}

/** The user item's `token_version` is still `version` (absent counts as 0). */
const sameVersion = (version: number) =>
  version === 0
    ? '(attribute_not_exists(token_version) OR token_version = :read)'
    : 'token_version = :read';

/**
 * The `sessions_valid_after` of sessions ended at `now`: the next whole second, so a hosted token
 * issued in the same second as the end (its `iat` has whole seconds) counts as before it.
 */
const sessionsEndAt = (now: Date) => nowSeconds(now) + 1;

/** The update that ends every session of the account: own tokens and hosted ones alike. */
const endSessionsUpdate = (version: number, now: Date) => ({
  expression: 'token_version = :next, sessions_valid_after = :since',
  values: { ':next': version + 1, ':read': version, ':since': sessionsEndAt(now) },
});

export type SetPasswordOutcome = 'set' | 'stale';

/** The transaction item that uses up a reset link's token: it works once, and only in time. */
const useResetToken = (userId: string, tokenHash: string, now: Date): TransactItem => ({
  Delete: {
    TableName: tableName,
    Key: credentialKeys.oneTime(userId, 'reset-password'),
    ConditionExpression: 'token_hash = :hash AND expires_at > :now',
    ExpressionAttributeValues: { ':hash': tokenHash, ':now': nowSeconds(now) },
  },
});

/**
 * Writes `items` in one transaction (one plain update when alone); 'stale' when a condition
 * failed.
 */
async function writeConditionally(items: TransactItem[]): Promise<SetPasswordOutcome> {
  const [only] = items;
  try {
    if (items.length === 1 && only?.Update) {
      await db.send(new UpdateCommand(only.Update));
    } else {
      await transact(items);
    }
    return 'set';
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return 'stale';
    const codes = cancellationCodes(error);
    if (codes?.some((_, index) => failedCondition(codes, index))) return 'stale';
    throw error;
  }
}

/**
 * The update of the user item that ends every session of the account (`token_version` + 1 for
 * own tokens, `sessions_valid_after` for hosted ones), on the condition that the account is as
 * read (same token version), plus `extra` (`SET` and `REMOVE` clauses).
 */
function sessionEndItem(
  user: StoredUser,
  now: Date,
  extra: { readonly set?: string; readonly remove?: string; readonly values?: object } = {},
): TransactItem {
  const version = user.token_version ?? 0;
  const end = endSessionsUpdate(version, now);
  return {
    Update: {
      TableName: tableName,
      Key: userKeys.item(user.id),
      UpdateExpression: `SET ${[extra.set, end.expression].filter(Boolean).join(', ')}${
        extra.remove ? ` REMOVE ${extra.remove}` : ''
      }`,
      ConditionExpression: `attribute_not_exists(deleted_at) AND ${sameVersion(version)}`,
      ExpressionAttributeValues: { ...extra.values, ...end.values },
    },
  };
}

/**
 * Sets a new password in the product's store and ends every session of the account, on the
 * condition that the account is as read (same token version). The product holds the password
 * from then on, wherever it lived before (`password_store` is removed). With `resetTokenHash`
 * the reset token is used up in the same transaction, so a reset link works once. Answers
 * 'stale' when a condition failed (the link was used or replaced, the account changed or is
 * gone).
 */
export async function setPassword(
  user: StoredUser,
  hash: string,
  options: { readonly resetTokenHash?: string } = {},
  now = new Date(),
): Promise<SetPasswordOutcome> {
  const items: TransactItem[] = [
    sessionEndItem(user, now, {
      set: 'has_password = :true',
      remove: 'password_hash, password_store',
      values: { ':true': true },
    }),
    passwordItem(user.id, hash, now),
  ];
  if (options.resetTokenHash !== undefined) {
    items.push(useResetToken(user.id, options.resetTokenHash, now));
  }
  return writeConditionally(items);
}

/**
 * Ends every session of the account ("sign out everywhere", or a password set outside the
 * product's store), as a password change does, on the condition that its token version is still
 * as read; with `resetTokenHash` the reset token is used up in the same transaction. Answers
 * 'stale' when a condition failed (another end or a password change meanwhile, the link used,
 * the account gone).
 */
export async function endSessions(
  user: StoredUser,
  options: { readonly resetTokenHash?: string } = {},
  now = new Date(),
): Promise<SetPasswordOutcome> {
  const items = [sessionEndItem(user, now)];
  if (options.resetTokenHash !== undefined) {
    items.push(useResetToken(user.id, options.resetTokenHash, now));
  }
  return writeConditionally(items);
}

/**
 * Records that the account's password now lives in the user pool (`password_store`) and
 * deletes the product's copy in the same transaction, so no door ever checks a stale one; on the
 * condition that the copy is still the password just checked (`checked`), so a password set
 * meanwhile is never dropped. Answers 'stale' when that condition, or the account, changed.
 */
export async function movePasswordToUserPool(
  user: StoredUser,
  checked: StoredPassword,
): Promise<SetPasswordOutcome> {
  const markUser = (condition: string, values: object): TransactItem => ({
    Update: {
      TableName: tableName,
      Key: userKeys.item(user.id),
      UpdateExpression: 'SET password_store = :pool REMOVE has_password, password_hash',
      ConditionExpression: `attribute_not_exists(deleted_at)${condition}`,
      ExpressionAttributeValues: { ':pool': USER_POOL_STORE, ...values },
    },
  });
  return writeConditionally(
    checked.legacy
      ? [markUser(' AND password_hash = :old', { ':old': checked.hash })]
      : [
          markUser('', {}),
          {
            Delete: {
              TableName: tableName,
              Key: credentialKeys.password(user.id),
              ConditionExpression: 'password_hash = :old',
              ExpressionAttributeValues: { ':old': checked.hash },
            },
          },
        ],
  );
}

/** The item of a one-time token: only the hash of its secret, the address it went to, expiry. */
function oneTimeTokenItem(
  userId: string,
  purpose: OneTimePurpose,
  token: { readonly hash: string; readonly email: string; readonly ttlSeconds: number },
  now: Date,
): Record<string, unknown> {
  return {
    ...credentialKeys.oneTime(userId, purpose),
    entity: 'OneTimeToken',
    user_id: userId,
    purpose,
    token_hash: token.hash,
    email: token.email,
    created_at: now.toISOString(),
    // Also the table's TTL attribute; expired tokens are refused on read, as TTL is lazy.
    expires_at: nowSeconds(now) + token.ttlSeconds,
  };
}

/** Stores a user's new one-time token of a purpose, replacing (and so voiding) the last one. */
export async function storeOneTimeToken(
  userId: string,
  purpose: OneTimePurpose,
  token: { readonly hash: string; readonly email: string; readonly ttlSeconds: number },
  now = new Date(),
): Promise<void> {
  await db.send(
    new PutCommand({ TableName: tableName, Item: oneTimeTokenItem(userId, purpose, token, now) }),
  );
}

/** Whether `hash` is the user's live, unexpired one-time token of `purpose`. */
export async function isLiveOneTimeToken(
  userId: string,
  purpose: OneTimePurpose,
  hash: string,
  now = new Date(),
): Promise<boolean> {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName,
      Key: credentialKeys.oneTime(userId, purpose),
      ConsistentRead: true,
    }),
  );
  if (typeof Item?.token_hash !== 'string' || Number(Item.expires_at) <= nowSeconds(now)) {
    return false;
  }
  const stored = Buffer.from(Item.token_hash);
  const given = Buffer.from(hash);
  return stored.length === given.length && timingSafeEqual(stored, given);
}

/** Deletes of every credential item of a user, for the transaction that deletes the account. */
export function credentialDeletes(userId: string): TransactItem[] {
  return [
    credentialKeys.password(userId),
    credentialKeys.oneTime(userId, 'verify-email'),
    credentialKeys.oneTime(userId, 'reset-password'),
  ].map((Key) => ({ Delete: { TableName: tableName, Key } }));
}
