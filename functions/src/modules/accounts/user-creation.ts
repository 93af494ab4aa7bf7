import { randomInt } from 'node:crypto';
import { ulid } from 'ulid';
import { EGGS } from '@hatchworks/shared/constants';
import { ConflictError } from '../../lib/errors';
import { emitMetrics } from '../../lib/metrics';
import { tableName } from '../table/client';
import { passwordItem } from './credentials-repository';
import type { PasswordStore } from './password-store';
import { counterKeys, userKeys } from '../table/keys';
import { ledgerEntryItem } from '../eggs/ledger';
import { mailRequestItem } from '../mail/mail-requests';
import { latestClaimDay, readPersons, welcomeDue, welcomedItem } from './persons-repository';
import {
  cancellationCodes,
  failedCondition,
  putNew,
  transact,
  type TransactItem,
} from '../table/transactions';
import { EMAIL_TAKEN, uniqueGuard, USERNAME_TAKEN, type StoredUser } from './users-repository';

export interface NewUser {
  readonly email: string;
  readonly username: string;
  /** Absent: the username (as made unique), never the email. */
  readonly displayName?: string | undefined;
  /**
   * The email is proven already (a provider that vouches for it, the local demo seed): the
   * welcome eggs are credited now, unless one of `persons` had them. Otherwise they wait for
   * the verification link.
   */
  readonly isVerified: boolean;
  /** Keyed hashes of the person (`personHashes`): the email and the hosted identity. */
  readonly persons: readonly string[];
  readonly passwordHash?: string;
  /** Where the identity's own password lives (a sign-up at the stack's user pool). */
  readonly passwordStore?: PasswordStore | undefined;
  /**
   * Queue the mail with the verification link in the same transaction (an account whose email is
   * not proven): the account never exists without its mail on the way.
   */
  readonly mailVerification?: { readonly origin?: string | undefined } | false;
  readonly identity?: { readonly issuer: string; readonly subject: string };
  /** When the username is taken: add a numeric suffix (true) or refuse (false). */
  readonly makeUsernameUnique: boolean;
}

export type CreateUserOutcome =
  | { readonly created: true; readonly user: StoredUser; readonly welcomeEggs: number }
  | { readonly created: false; readonly reason: 'identity-linked' };

const USERNAME_ATTEMPTS = 5;
/** Rounds lost to another account of the same person taking the welcome at the same moment. */
const PERSON_ATTEMPTS = 3;

function candidateUsername(base: string, attempt: number): string {
  if (attempt === 0) return base;
  const suffix = String(randomInt(1000, 99999));
  return `${base.slice(0, 30 - suffix.length)}${suffix}`;
}

const counterItem = (): TransactItem => ({
  Update: {
    TableName: tableName,
    Key: counterKeys.users,
    UpdateExpression: 'ADD #total :one',
    ExpressionAttributeNames: { '#total': 'total' },
    ExpressionAttributeValues: { ':one': 1 },
  },
});

/**
 * Creates a user in one transaction: the user, the guards that keep email, username and IdP
 * subject unique, the user counter, the password item, the queued verification mail, and, for a
 * proven email, the welcome as the ledger's `welcome` entry together with the person items that
 * make it once per person ever (conditional, so two accounts of one person cannot both get it).
 */
export async function createUser(input: NewUser, now = new Date()): Promise<CreateUserOutcome> {
  let usernameAttempt = 0;
  for (let round = 0; round < USERNAME_ATTEMPTS + PERSON_ATTEMPTS; round += 1) {
    const username = candidateUsername(input.username, usernameAttempt);
    const id = ulid(now.getTime());
    const createdAt = now.toISOString();
    const subject = input.identity
      ? `${input.identity.issuer}|${input.identity.subject}`
      : undefined;
    // An unproven email waits for verification, which settles welcome and claim day then.
    const persons = input.isVerified ? await readPersons(input.persons) : [];
    const due = input.isVerified && welcomeDue(persons);
    const lastClaimDay = latestClaimDay(persons);
    const user: StoredUser = {
      id,
      email: input.email.toLowerCase(),
      username,
      display_name: input.displayName ?? username,
      role: 'user',
      is_verified: input.isVerified,
      welcome_pending: !input.isVerified,
      egg_balance: due ? EGGS.welcomeBonus : 0,
      features_created: 0,
      votes_cast: 0,
      created_at: createdAt,
      ...(lastClaimDay ? { last_claim_day: lastClaimDay } : {}),
      ...(input.passwordHash ? { has_password: true } : {}),
      ...(input.passwordStore ? { password_store: input.passwordStore } : {}),
      ...(subject ? { subjects: [subject] } : {}),
    };
    const guard = (key: Record<string, string>) => putNew(uniqueGuard(key, id));
    const items: TransactItem[] = [
      putNew({ ...userKeys.item(id), ...userKeys.all(createdAt, id), entity: 'User', ...user }),
      guard(userKeys.email(user.email)),
      guard(userKeys.username(username)),
      ...(input.identity
        ? [guard(userKeys.subject(input.identity.issuer, input.identity.subject))]
        : []),
      counterItem(),
    ];
    const personsFrom = items.length;
    items.push(...persons.map((person) => welcomedItem(person, now, due)));
    if (due) {
      const entry = ledgerEntryItem({
        userId: id,
        kind: 'welcome',
        amount: EGGS.welcomeBonus,
        reference: 'welcome',
        balanceAfter: EGGS.welcomeBonus,
        now,
      });
      items.push({ Put: { TableName: tableName, Item: entry } });
    }
    if (input.passwordHash) items.push(passwordItem(id, input.passwordHash, now));
    if (input.mailVerification) {
      items.push({
        Put: {
          TableName: tableName,
          Item: mailRequestItem(
            { kind: 'verify-email', userId: id, origin: input.mailVerification.origin },
            now,
          ),
        },
      });
    }
    try {
      await transact(items);
      // Registration and a first hosted sign-in both come here: one sign-up per account.
      emitMetrics({ SignUps: 1 });
      return { created: true, user, welcomeEggs: due ? EGGS.welcomeBonus : 0 };
    } catch (error) {
      const codes = cancellationCodes(error);
      if (!codes) throw error;
      if (input.identity && failedCondition(codes, 3))
        return { created: false, reason: 'identity-linked' };
      if (failedCondition(codes, 1)) throw new ConflictError(EMAIL_TAKEN);
      if (failedCondition(codes, 2)) {
        if (!input.makeUsernameUnique || usernameAttempt + 1 >= USERNAME_ATTEMPTS) {
          throw new ConflictError(USERNAME_TAKEN);
        }
        usernameAttempt += 1;
        continue;
      }
      const personChanged = persons.some((_, index) => failedCondition(codes, personsFrom + index));
      // Another account of this person got the welcome, or one was deleted: read them again.
      if (personChanged) continue;
      throw error;
    }
  }
  throw new ConflictError();
}
