import type { NotificationEmailTopic } from '@hatchworks/shared/schemas/notifications';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Role, User } from '@hatchworks/shared/schemas/users';
import { publicDisplayName } from '@hatchworks/shared/schemas/user-names';
import { ConflictError } from '../../lib/errors';
import { nextUtcDayStart, utcDay } from '../../lib/utc-day';
import type { BalanceAccount } from '../eggs/balance-change';
import { batchGetItems } from '../table/batch-get';
import { db, tableName } from '../table/client';
import { counterKeys, userKeys } from '../table/keys';
import { USER_POOL_STORE, type PasswordStore } from './password-store';
import { latestClaimDay, readPersons, welcomedItem } from './persons-repository';
import { cancellationCodes, failedCondition, putNew, transact } from '../table/transactions';
import { queryPage, type Page } from '../table/query-page';

/** A user as stored, with what the API never shows. */
export interface StoredUser extends BalanceAccount {
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
  /** The account has a password item (`CREDENTIAL#<id>`/`PASSWORD`). */
  readonly has_password?: boolean;
  /**
   * Where the password lives when not in the product's `PASSWORD` item: `'cognito'`, the stack's
   * user pool. Every door (sign-in, change, reset, ending sessions) acts on that store alone.
   */
  readonly password_store?: PasswordStore;
  /** Only on accounts made before passwords moved to their own item; moved on next sign-in. */
  readonly password_hash?: string;
  /** Own tokens carry it as `ver`; ending the sessions adds 1, revoking older ones. */
  readonly token_version?: number;
  /**
   * Epoch seconds: a hosted-login token issued before this (`iat`) is refused, and the local
   * identity provider refuses its sessions and refresh tokens from before it. Set with
   * `token_version` whenever the account's sessions end (password change or reset, "sign out
   * everywhere").
   */
  readonly sessions_valid_after?: number;
  /** The welcome eggs wait for the email to be proven (absent on older accounts: settled). */
  readonly welcome_pending?: boolean;
  /** `issuer|subject` of each IdP identity linked to this user. */
  readonly subjects?: string[];
  readonly created_at: string;
  readonly deleted_at?: string;
  /** Notification email on/off per topic (absent topics are on). */
  readonly notification_email?: Partial<Record<NotificationEmailTopic, boolean>>;
}

export const EMAIL_TAKEN = 'An account with this email already exists';
export const USERNAME_TAKEN = 'Username is already taken';

/** The API's view of a user. */
export function toApiUser(user: StoredUser, now = new Date()): User {
  const claimedToday = user.last_claim_day === utcDay(now);
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    display_name: publicDisplayName(user),
    role: user.role,
    is_verified: user.is_verified,
    // A password in the user pool is changed on the site like a product one.
    has_password: Boolean(
      user.has_password || user.password_hash || user.password_store === USER_POOL_STORE,
    ),
    egg_balance: user.egg_balance,
    // Daily eggs, like the welcome, wait for a proven email.
    can_claim_daily: user.is_verified && !claimedToday,
    ...(user.is_verified && claimedToday ? { next_claim_at: nextUtcDayStart(now) } : {}),
    member_since: user.created_at,
    stats: { features_created: user.features_created, votes_cast: user.votes_cast },
  };
}

/** The item that reserves an email, username or IdP subject for one user. */
export const uniqueGuard = (key: Record<string, string>, userId: string) => ({
  ...key,
  entity: 'UniqueGuard',
  user_id: userId,
});

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

/** The user's last claim day is still `day` (none counts), so a claim meanwhile is not undone. */
export const sameClaimDay = (day: string | undefined) =>
  day === undefined ? 'attribute_not_exists(last_claim_day)' : 'last_claim_day = :readDay';

/**
 * Links an IdP identity to an existing user whose email is proven, taking its guard. The person
 * behind the identity joins the user's: marked welcomed (the user was), and a later daily claim
 * day of a deleted account of theirs carries over, so linking never opens a second claim a day.
 * An identity that brings a password of its own (`passwordStore`: a sign-up at the stack's user
 * pool) moves the account's password there, so it keeps one password: the product's copy is
 * never checked again (the product's reset, which holds it again, overwrites it). Such a move
 * replaces the password as a reset does, so it ends the sessions begun before the identity's
 * token (`issuedAt`): own tokens by their version, hosted ones by their issue time.
 */
export async function linkIdentity(
  user: StoredUser,
  identity: {
    readonly issuer: string;
    readonly subject: string;
    readonly person: string;
    readonly passwordStore?: PasswordStore | undefined;
    /** Epoch seconds the identity's token was issued (`iat`). */
    readonly issuedAt?: number | undefined;
  },
  now = new Date(),
): Promise<StoredUser> {
  const link = `${identity.issuer}|${identity.subject}`;
  const persons = await readPersons([identity.person]);
  const day = latestClaimDay(persons, user.last_claim_day);
  const store = identity.passwordStore;
  const moved = store !== undefined && store !== user.password_store;
  const since = identity.issuedAt ?? Math.floor(now.getTime() / 1000);
  try {
    await transact([
      putNew(uniqueGuard(userKeys.subject(identity.issuer, identity.subject), user.id)),
      {
        Update: {
          TableName: tableName,
          Key: userKeys.item(user.id),
          UpdateExpression: `SET subjects = list_append(if_not_exists(subjects, :none), :link)${
            day ? ', last_claim_day = :day' : ''
          }${moved ? ', password_store = :store, sessions_valid_after = :since ADD token_version :one' : ''}`,
          ConditionExpression: `attribute_not_exists(deleted_at) AND is_verified = :true AND ${sameClaimDay(user.last_claim_day)}`,
          ExpressionAttributeValues: {
            ':none': [],
            ':link': [link],
            ':true': true,
            ...(day ? { ':day': day } : {}),
            ...(moved ? { ':store': store, ':since': since, ':one': 1 } : {}),
            ...(user.last_claim_day ? { ':readDay': user.last_claim_day } : {}),
          },
        },
      },
      ...persons.map((person) => welcomedItem(person, now, false)),
    ]);
  } catch (error) {
    if (cancellationCodes(error)) throw new ConflictError();
    throw error;
  }
  return {
    ...user,
    subjects: [...(user.subjects ?? []), link],
    ...(day ? { last_claim_day: day } : {}),
    ...(moved
      ? {
          password_store: store,
          sessions_valid_after: since,
          token_version: (user.token_version ?? 0) + 1,
        }
      : {}),
  };
}

/** Deletes of the guards that reserve these `issuer|subject` links for their user. */
export const subjectGuardDeletes = (links: readonly string[]) =>
  links.map((link) => {
    const [issuer = '', subject = ''] = link.split('|');
    return { Delete: { TableName: tableName, Key: userKeys.subject(issuer, subject) } };
  });

/**
 * Unlinks every hosted identity of an account whose email is not proven yet, in one transaction
 * with their guards. A password reset proves the mailbox for the person who reads it, not for
 * whoever linked an identity while the address was unproven (someone may have signed up at the
 * hosted login with another person's address), so the reset takes those links away before it
 * proves the email. Answers the user without identities; a verified account is left alone.
 */
export async function dropUnprovenIdentities(user: StoredUser): Promise<StoredUser> {
  const links = user.subjects ?? [];
  if (user.is_verified || links.length === 0) return user;
  try {
    await transact([
      {
        Update: {
          TableName: tableName,
          Key: userKeys.item(user.id),
          UpdateExpression: 'REMOVE subjects',
          ConditionExpression: 'attribute_not_exists(deleted_at) AND is_verified = :false',
          ExpressionAttributeValues: { ':false': false },
        },
      },
      ...subjectGuardDeletes(links),
    ]);
  } catch (error) {
    if (cancellationCodes(error)) throw new ConflictError();
    throw error;
  }
  return { ...user, subjects: [] };
}
