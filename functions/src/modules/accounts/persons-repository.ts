import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../table/client';
import { personKeys } from '../table/keys';
import type { TransactItem } from '../table/transactions';

/**
 * A person behind accounts, known by the keyed hashes of their email and hosted identities (see
 * `personHashes`): the welcome is credited once per person ever, and a daily claim once per
 * person and UTC day, whatever accounts come and go.
 */
export interface Person {
  readonly hash: string;
  /** When this person's welcome eggs were settled (credited, or found given before). */
  readonly welcomedAt?: string;
  /** UTC day of the last daily claim of a deleted account of this person. */
  readonly lastClaimDay?: string;
}

/** The persons of these hashes as they are now (absent ones are new persons). */
export function readPersons(hashes: readonly string[]): Promise<Person[]> {
  return Promise.all(
    hashes.map(async (hash) => {
      const { Item } = await db.send(
        new GetCommand({ TableName: tableName, Key: personKeys.item(hash), ConsistentRead: true }),
      );
      return {
        hash,
        ...(typeof Item?.welcomed_at === 'string' ? { welcomedAt: Item.welcomed_at } : {}),
        ...(typeof Item?.last_claim_day === 'string' ? { lastClaimDay: Item.last_claim_day } : {}),
      };
    }),
  );
}

/** Whether none of these persons had their welcome yet. */
export const welcomeDue = (persons: readonly Person[]) =>
  persons.every((person) => person.welcomedAt === undefined);

/** The latest claim day among the persons and the account itself (days sort as text). */
export function latestClaimDay(persons: readonly Person[], own?: string): string | undefined {
  const days = [own, ...persons.map((person) => person.lastClaimDay)].filter(
    (day): day is string => day !== undefined,
  );
  return days.sort().at(-1);
}

/**
 * Marks a person as welcomed, on the condition that their claim day is still as read (a deleted
 * account's day is never missed). `first` also requires that nobody was welcomed as this person
 * yet, so two accounts of one person racing for the welcome cannot both get it.
 */
export function welcomedItem(person: Person, now: Date, first: boolean): TransactItem {
  const day = person.lastClaimDay;
  const conditions = [
    ...(first ? ['attribute_not_exists(welcomed_at)'] : []),
    day ? 'last_claim_day = :readDay' : 'attribute_not_exists(last_claim_day)',
  ];
  return {
    Update: {
      TableName: tableName,
      Key: personKeys.item(person.hash),
      UpdateExpression: 'SET welcomed_at = if_not_exists(welcomed_at, :now), entity = :entity',
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeValues: {
        ':now': now.toISOString(),
        ':entity': 'Person',
        ...(day ? { ':readDay': day } : {}),
      },
    },
  };
}

/**
 * What a person keeps of a deleted account: that its welcome was given (unless it was still
 * waiting for a proven email) and the day of its last daily claim.
 */
export function leftByDeletedItem(
  hash: string,
  account: { readonly welcomed: boolean; readonly lastClaimDay: string | undefined },
  now: Date,
): TransactItem | undefined {
  const { welcomed, lastClaimDay } = account;
  if (!welcomed && !lastClaimDay) return undefined;
  const clauses = [
    'entity = :entity',
    ...(welcomed ? ['welcomed_at = if_not_exists(welcomed_at, :now)'] : []),
    ...(lastClaimDay ? ['last_claim_day = :day'] : []),
  ];
  return {
    Update: {
      TableName: tableName,
      Key: personKeys.item(hash),
      UpdateExpression: `SET ${clauses.join(', ')}`,
      ExpressionAttributeValues: {
        ':entity': 'Person',
        ...(welcomed ? { ':now': now.toISOString() } : {}),
        ...(lastClaimDay ? { ':day': lastClaimDay } : {}),
      },
    },
  };
}
