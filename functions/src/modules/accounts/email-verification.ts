import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { EGGS } from '@hatchworks/shared/constants';
import { ConflictError } from '../../lib/errors';
import { changeBalance } from '../eggs/balance-change';
import { db, tableName } from '../table/client';
import { userKeys } from '../table/keys';
import {
  latestClaimDay,
  readPersons,
  welcomeDue,
  welcomedItem,
  type Person,
} from './persons-repository';
import { cancellationCodes, transact } from '../table/transactions';
import type { StoredUser } from './users-repository';

export interface EmailProven {
  readonly user: StoredUser;
  /** The welcome eggs this proof credited: 500 once per person ever, else 0. */
  readonly welcomeEggs: number;
}

/** The plan was made from data that changed meanwhile (another account of the person). */
class Replan extends Error {}

const ATTEMPTS = 5;

async function readLiveUser(userId: string): Promise<StoredUser | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: userKeys.item(userId), ConsistentRead: true }),
  );
  const user = Item as StoredUser | undefined;
  return user && !user.deleted_at ? user : undefined;
}

/** The welcome through the ledger: balance, `welcome` entry and person markers at once. */
function creditWelcome(userId: string, persons: readonly Person[], now: Date) {
  return changeBalance<EmailProven, StoredUser>({
    userId,
    now,
    missingUser: () => new Replan(),
    plan: (fresh) => {
      if (fresh.is_verified || fresh.welcome_pending !== true) throw new Replan();
      const day = latestClaimDay(persons, fresh.last_claim_day);
      return {
        amount: EGGS.welcomeBonus,
        kind: 'welcome',
        reference: 'welcome',
        userSet: [
          'is_verified = :true',
          'welcome_pending = :false',
          ...(day ? ['last_claim_day = :day'] : []),
        ],
        userCondition: 'is_verified = :false AND welcome_pending = :true',
        values: { ':true': true, ':false': false, ...(day ? { ':day': day } : {}) },
        effects: () => persons.map((person) => welcomedItem(person, now, true)),
        // Another account of this person was welcomed first: plan again without eggs.
        effectFailed: () => new Replan(),
        insufficient: () => new Replan(),
        result: (balanceAfter) => ({
          user: {
            ...fresh,
            is_verified: true,
            welcome_pending: false,
            egg_balance: balanceAfter,
            ...(day ? { last_claim_day: day } : {}),
          },
          welcomeEggs: EGGS.welcomeBonus,
        }),
      };
    },
  });
}

/** Verified without eggs: the person had their welcome (or this older account had its own). */
async function verifyWithoutWelcome(
  user: StoredUser,
  persons: readonly Person[],
  now: Date,
): Promise<EmailProven | undefined> {
  const day = latestClaimDay(persons, user.last_claim_day);
  try {
    await transact([
      {
        Update: {
          TableName: tableName,
          Key: userKeys.item(user.id),
          UpdateExpression: `SET is_verified = :true, welcome_pending = :false${day ? ', last_claim_day = :day' : ''}`,
          ConditionExpression: 'is_verified = :false AND attribute_not_exists(deleted_at)',
          ExpressionAttributeValues: {
            ':true': true,
            ':false': false,
            ...(day ? { ':day': day } : {}),
          },
        },
      },
      ...persons.map((person) => welcomedItem(person, now, false)),
    ]);
  } catch (error) {
    if (cancellationCodes(error)) return undefined;
    throw error;
  }
  const verified = { ...user, is_verified: true, welcome_pending: false };
  return { user: day ? { ...verified, last_claim_day: day } : verified, welcomeEggs: 0 };
}

/**
 * Records that the user's email is proven (the verification link, a password reset link) and
 * credits the welcome eggs if they are still due: once per account, and once per person ever
 * (`persons` are the keyed hashes of the email and linked identities). A later claim day of a
 * deleted account of the same person carries over. Proving an email twice changes nothing.
 * Answers undefined when the account is gone.
 */
export async function proveEmail(
  userId: string,
  personHashes: readonly string[],
  now = new Date(),
): Promise<EmailProven | undefined> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const user = await readLiveUser(userId);
    if (!user) return undefined;
    if (user.is_verified) return { user, welcomeEggs: 0 };
    const persons = await readPersons(personHashes);
    try {
      const outcome =
        user.welcome_pending === true && welcomeDue(persons)
          ? await creditWelcome(userId, persons, now)
          : await verifyWithoutWelcome(user, persons, now);
      if (outcome) return outcome;
    } catch (error) {
      if (!(error instanceof Replan)) throw error;
    }
  }
  throw new ConflictError();
}
