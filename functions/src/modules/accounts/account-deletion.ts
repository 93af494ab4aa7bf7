import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError } from '../../lib/errors';
import { db, tableName } from '../table/client';
import { credentialDeletes } from './credentials-repository';
import { counterKeys, userKeys } from '../table/keys';
import { leftByDeletedItem } from './persons-repository';
import { cancellationCodes, transact, type TransactItem } from '../table/transactions';
import { sameClaimDay, subjectGuardDeletes, type StoredUser } from './users-repository';

/** Rounds lost to a daily claim landing while the account is being deleted. */
const ATTEMPTS = 3;

function deletionItems(user: StoredUser, persons: readonly string[], now: Date): TransactItem[] {
  const subjectGuards = subjectGuardDeletes(user.subjects ?? []);
  const day = user.last_claim_day;
  // A welcome still waiting for a proven email was never given: the person keeps theirs.
  const welcomed = user.welcome_pending !== true;
  return [
    {
      Update: {
        TableName: tableName,
        Key: userKeys.item(user.id),
        UpdateExpression:
          'SET deleted_at = :now, display_name = :deleted, username = :deleted, email = :empty REMOVE password_hash, has_password, password_store, subjects, GSI1PK, GSI1SK',
        ConditionExpression: `attribute_exists(PK) AND attribute_not_exists(deleted_at) AND ${sameClaimDay(day)}`,
        ExpressionAttributeValues: {
          ':now': now.toISOString(),
          ':deleted': 'Deleted user',
          ':empty': '',
          ...(day ? { ':readDay': day } : {}),
        },
      },
    },
    { Delete: { TableName: tableName, Key: userKeys.email(user.email) } },
    { Delete: { TableName: tableName, Key: userKeys.username(user.username) } },
    ...subjectGuards,
    {
      Update: {
        TableName: tableName,
        Key: counterKeys.users,
        UpdateExpression: 'ADD #total :minusOne',
        ExpressionAttributeNames: { '#total': 'total' },
        ExpressionAttributeValues: { ':minusOne': -1 },
      },
    },
    ...credentialDeletes(user.id),
    ...persons.flatMap(
      (hash) => leftByDeletedItem(hash, { welcomed, lastClaimDay: day }, now) ?? [],
    ),
  ];
}

/**
 * Deletes an account: frees its email, username and IdP identities, erases its personal data,
 * password and one-time tokens. The user item stays as a tombstone ('Deleted user') so features,
 * votes and the ledger that reference it stay consistent. The person items (keyed hashes of the
 * email and identities) stay too and take the account's last claim day, so a new account of the
 * same person gets no second welcome and no second daily claim that day. A claim landing
 * meanwhile makes the transaction read the account again.
 */
export async function deleteUser(
  user: StoredUser,
  persons: readonly string[],
  now = new Date(),
): Promise<void> {
  let current: StoredUser | undefined = user;
  for (let attempt = 0; attempt < ATTEMPTS && current; attempt += 1) {
    try {
      await transact(deletionItems(current, persons, now));
      return;
    } catch (error) {
      if (!cancellationCodes(error)) throw error;
    }
    const { Item } = await db.send(
      new GetCommand({ TableName: tableName, Key: userKeys.item(user.id), ConsistentRead: true }),
    );
    const fresh = Item as StoredUser | undefined;
    current = fresh && !fresh.deleted_at ? fresh : undefined;
  }
  throw new ConflictError();
}
