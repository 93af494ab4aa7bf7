import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { db, tableName } from './client';

/**
 * The cancellation code of each item of a cancelled TransactWriteItems, in item order
 * ('None' for items that were fine), or undefined when the error is something else.
 */
export function cancellationCodes(error: unknown): string[] | undefined {
  if (!(error instanceof TransactionCanceledException)) return undefined;
  return (error.CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');
}

/** Whether item `index` of a cancelled transaction failed its condition. */
export function failedCondition(codes: readonly string[] | undefined, index: number): boolean {
  return codes?.[index] === 'ConditionalCheckFailed';
}

/** A transaction item that creates `item` only if nothing with its key exists yet. */
export function putNew(item: Record<string, unknown>) {
  return {
    Put: { TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(PK)' },
  };
}

/** Writes the items all together or not at all. */
export function transact(items: NonNullable<TransactWriteCommandInput['TransactItems']>) {
  return db.send(new TransactWriteCommand({ TransactItems: items }));
}
