import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomInt } from 'node:crypto';
import { ulid } from 'ulid';
import { EGGS } from '@hatchworks/shared/constants';
import type { Role, User } from '@hatchworks/shared/schemas/users';
import { ConflictError } from '../lib/errors';
import { batchGetItems } from './batch-get';
import { db, tableName } from './client';
import { counterKeys, userKeys } from './keys';
import { ledgerEntryItem } from './ledger';
import { cancellationCodes, failedCondition, putNew, transact } from './transactions';
import { queryPage, type Page } from './query-page';

/** A user as stored, with what the API never shows. */
export interface StoredUser {
  readonly id: string;
  readonly email: string;
  readonly username: string;
  readonly display_name: string;
  readonly role: Role;
  readonly is_verified: boolean;
  readonly egg_balance: number;
  /** UTC day (YYYY-MM-DD) of the last daily claim. */
  readonly last_claim_day?: string;
  readonly features_created: number;
  readonly votes_cast: number;
  readonly password_hash?: string;
  /** Raised on password change and reset; own tokens signed with another version are refused. */
  readonly token_version?: number;
  /** `issuer|subject` of each IdP identity linked to this user. */
  readonly subjects?: string[];
  readonly created_at: string;
  readonly deleted_at?: string;
}

export const EMAIL_TAKEN = 'An account with this email already exists';
export const USERNAME_TAKEN = 'Username is already taken';

/** Today as a UTC calendar day. */
export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/** The API's view of a user (spec 3). */
export function toApiUser(user: StoredUser, now = new Date()): User {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    display_name: user.display_name,
    role: user.role,
    is_verified: user.is_verified,
    egg_balance: user.egg_balance,
    can_claim_daily: user.last_claim_day !== utcDay(now),
    member_since: user.created_at,
    stats: { features_created: user.features_created, votes_cast: user.votes_cast },
  };
}

export interface NewUser {
  readonly email: string;
  readonly username: string;
  readonly displayName: string;
  readonly isVerified: boolean;
  readonly passwordHash?: string;
  readonly identity?: { readonly issuer: string; readonly subject: string };
  /** When the username is taken: add a numeric suffix (true) or refuse (false). */
  readonly makeUsernameUnique: boolean;
}

export type CreateUserOutcome =
  | { readonly created: true; readonly user: StoredUser }
  | { readonly created: false; readonly reason: 'identity-linked' };

const USERNAME_ATTEMPTS = 5;

/** The item that reserves an email, username or IdP subject for one user. */
const uniqueGuard = (key: Record<string, string>, userId: string) => ({
  ...key,
  entity: 'UniqueGuard',
  user_id: userId,
});

function candidateUsername(base: string, attempt: number): string {
  if (attempt === 0) return base;
  const suffix = String(randomInt(1000, 99999));
  return `${base.slice(0, 30 - suffix.length)}${suffix}`;
}

/**
 * Creates a user with the welcome eggs in one transaction: the user, the guards that keep email,
 * username and IdP subject unique, the welcome ledger entry and the user counter.
 */
export async function createUser(input: NewUser, now = new Date()): Promise<CreateUserOutcome> {
  for (let attempt = 0; attempt < USERNAME_ATTEMPTS; attempt += 1) {
    const username = candidateUsername(input.username, attempt);
    const id = ulid(now.getTime());
    const createdAt = now.toISOString();
    const subject = input.identity
      ? `${input.identity.issuer}|${input.identity.subject}`
      : undefined;
    const user: StoredUser = {
      id,
      email: input.email.toLowerCase(),
      username,
      display_name: input.displayName,
      role: 'user',
      is_verified: input.isVerified,
      egg_balance: EGGS.welcomeBonus,
      features_created: 0,
      votes_cast: 0,
      created_at: createdAt,
      ...(input.passwordHash ? { password_hash: input.passwordHash } : {}),
      ...(subject ? { subjects: [subject] } : {}),
    };
    const guard = (key: Record<string, string>) => putNew(uniqueGuard(key, id));
    const items = [
      putNew({ ...userKeys.item(id), ...userKeys.all(createdAt, id), entity: 'User', ...user }),
      guard(userKeys.email(user.email)),
      guard(userKeys.username(username)),
      ...(input.identity
        ? [guard(userKeys.subject(input.identity.issuer, input.identity.subject))]
        : []),
      {
        Put: {
          TableName: tableName,
          Item: ledgerEntryItem({
            userId: id,
            kind: 'welcome',
            amount: EGGS.welcomeBonus,
            reference: 'welcome',
            balanceAfter: EGGS.welcomeBonus,
            now,
          }),
        },
      },
      {
        Update: {
          TableName: tableName,
          Key: counterKeys.users,
          UpdateExpression: 'ADD #total :one',
          ExpressionAttributeNames: { '#total': 'total' },
          ExpressionAttributeValues: { ':one': 1 },
        },
      },
    ];
    try {
      await transact(items);
      return { created: true, user };
    } catch (error) {
      const codes = cancellationCodes(error);
      if (!codes) throw error;
      if (input.identity && failedCondition(codes, 3))
        return { created: false, reason: 'identity-linked' };
      if (failedCondition(codes, 1)) throw new ConflictError(EMAIL_TAKEN);
      if (failedCondition(codes, 2)) {
        if (!input.makeUsernameUnique) throw new ConflictError(USERNAME_TAKEN);
        continue;
      }
      throw error;
    }
  }
  throw new ConflictError(USERNAME_TAKEN);
}

/** A live user by id (a deleted account is no user). */
export async function getUserById(id: string): Promise<StoredUser | undefined> {
  const result = await db.send(new GetCommand({ TableName: tableName, Key: userKeys.item(id) }));
  const user = result.Item as StoredUser | undefined;
  return user && !user.deleted_at ? user : undefined;
}

async function userIdFromGuard(key: Record<string, string>): Promise<string | undefined> {
  const result = await db.send(new GetCommand({ TableName: tableName, Key: key }));
  return result.Item?.user_id as string | undefined;
}

export async function getUserByEmail(email: string): Promise<StoredUser | undefined> {
  const id = await userIdFromGuard(userKeys.email(email));
  return id ? getUserById(id) : undefined;
}

export async function getUserBySubject(
  issuer: string,
  subject: string,
): Promise<StoredUser | undefined> {
  const id = await userIdFromGuard(userKeys.subject(issuer, subject));
  return id ? getUserById(id) : undefined;
}

/** Changes display name and username; a new username takes its guard in the same transaction. */
export async function updateProfile(
  user: StoredUser,
  changes: { display_name: string; username: string },
): Promise<StoredUser> {
  const updateUser = {
    TableName: tableName,
    Key: userKeys.item(user.id),
    UpdateExpression: 'SET display_name = :name, username = :username',
    ConditionExpression: 'username = :old AND attribute_not_exists(deleted_at)',
    ExpressionAttributeValues: {
      ':name': changes.display_name,
      ':username': changes.username,
      ':old': user.username,
    },
  };
  const sameGuard = changes.username.toLowerCase() === user.username.toLowerCase();
  try {
    if (sameGuard) {
      await db.send(new UpdateCommand(updateUser));
    } else {
      await transact([
        putNew(uniqueGuard(userKeys.username(changes.username), user.id)),
        { Delete: { TableName: tableName, Key: userKeys.username(user.username) } },
        { Update: updateUser },
      ]);
    }
  } catch (error) {
    const codes = cancellationCodes(error);
    if (failedCondition(codes, 0)) throw new ConflictError(USERNAME_TAKEN);
    if (codes || (error as { name?: string }).name === 'ConditionalCheckFailedException') {
      throw new ConflictError();
    }
    throw error;
  }
  return { ...user, ...changes };
}

/**
 * Deletes an account: frees its email, username and IdP identities and erases its personal data.
 * The user item stays as a tombstone ('Deleted user') so features, votes and the ledger that
 * reference it stay consistent.
 */
export async function deleteUser(user: StoredUser, now = new Date()): Promise<void> {
  const subjectGuards = (user.subjects ?? []).map((link) => {
    const [issuer = '', subject = ''] = link.split('|');
    return { Delete: { TableName: tableName, Key: userKeys.subject(issuer, subject) } };
  });
  try {
    await transact([
      {
        Update: {
          TableName: tableName,
          Key: userKeys.item(user.id),
          UpdateExpression:
            'SET deleted_at = :now, display_name = :deleted, username = :deleted, email = :empty REMOVE password_hash, subjects, GSI1PK, GSI1SK',
          ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deleted_at)',
          ExpressionAttributeValues: {
            ':now': now.toISOString(),
            ':deleted': 'Deleted user',
            ':empty': '',
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
    ]);
  } catch (error) {
    if (cancellationCodes(error)) throw new ConflictError();
    throw error;
  }
}

/** Live users, oldest first, one page at a time. */
export async function listUsers(limit: number, cursor?: string): Promise<Page<StoredUser>> {
  const page = await queryPage({ index: 'GSI1', partition: userKeys.allPartition }, limit, cursor);
  return { items: page.items as unknown as StoredUser[], nextCursor: page.nextCursor };
}

/** Grants or revokes the admin role (operator command). */
export async function setRole(userId: string, role: Role): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: userKeys.item(userId),
      UpdateExpression: 'SET #role = :role',
      ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(deleted_at)',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':role': role },
    }),
  );
}

/** The site-wide counters, read in one call. */
export async function readCounters(): Promise<{ users: number; projects: number }> {
  const items = await batchGetItems([counterKeys.users, counterKeys.projects]);
  const total = (sk: string) => Number(items.find((item) => item.SK === sk)?.total ?? 0);
  return { users: total(counterKeys.users.SK), projects: total(counterKeys.projects.SK) };
}

/** Links an IdP identity to an existing user (same verified email), taking its guard. */
export async function linkIdentity(
  user: StoredUser,
  issuer: string,
  subject: string,
): Promise<StoredUser> {
  const link = `${issuer}|${subject}`;
  try {
    await transact([
      putNew(uniqueGuard(userKeys.subject(issuer, subject), user.id)),
      {
        Update: {
          TableName: tableName,
          Key: userKeys.item(user.id),
          UpdateExpression:
            'SET subjects = list_append(if_not_exists(subjects, :none), :link), is_verified = :true',
          ConditionExpression: 'attribute_not_exists(deleted_at)',
          ExpressionAttributeValues: { ':none': [], ':link': [link], ':true': true },
        },
      },
    ]);
  } catch (error) {
    if (cancellationCodes(error)) throw new ConflictError();
    throw error;
  }
  return { ...user, subjects: [...(user.subjects ?? []), link], is_verified: true };
}
