import { ScanCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  checkLedger,
  type InvariantResult,
} from '@hatchworks/functions/modules/eggs/ledger-invariants';
import type { Sample } from './workload';

export type { InvariantResult };

type Item = Record<string, unknown>;

/**
 * Every item of the table. A Scan is fine here: the bench reads its own throwaway table once, and
 * reading it another way than `npm run admin -- audit-ledger` (paged Queries) checks that too.
 */
async function scanAll(db: DynamoDBDocumentClient, tableName: string): Promise<Item[]> {
  const items: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new ScanCommand({ TableName: tableName, ConsistentRead: true, ExclusiveStartKey: start }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Violations listed per invariant in the report; the rest are counted in the audit command. */
const MAX_LISTED = 10;

/**
 * The ledger invariants (`checkLedger`, shared with `npm run admin -- audit-ledger`), read straight
 * from the table after the run, for every user and feature in it (the demo seed's too), plus no
 * 5xx answer during the run.
 */
export async function checkInvariants(
  db: DynamoDBDocumentClient,
  tableName: string,
  samples: readonly Sample[],
): Promise<InvariantResult[]> {
  const items = await scanAll(db, tableName);
  const ofEntity = (entity: string) => items.filter((item) => item.entity === entity);
  const ledger = checkLedger({
    users: ofEntity('User'),
    ledger: ofEntity('LedgerEntry'),
    votes: ofEntity('Vote'),
    features: ofEntity('Feature'),
  });
  const serverErrors = samples
    .filter((sample) => sample.status >= 500)
    .map((sample) => `${sample.route} answered ${sample.status}`);
  return [
    ...ledger,
    {
      name: 'no server error (5xx) during the run',
      ok: serverErrors.length === 0,
      checked: `${samples.length} requests`,
      violations: serverErrors,
    },
  ].map((check) => ({ ...check, violations: check.violations.slice(0, MAX_LISTED) }));
}
