import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';

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
