import { batchGetItems } from '../table/batch-get';
import { featureKeys, ledgerKeys, mergeKeys, userKeys, voteKeys } from '../table/keys';
import { checkLedger, type InvariantResult } from './ledger-invariants';
import { queryPage, type PartitionQuery } from '../table/query-page';

/*
 * OPERATOR task (`npm run admin -- audit-ledger`; never on a request path, imported by no
 * handler): reads what the ledger invariants are about with paged Queries, then checks them
 * (`ledger-invariants.ts`). It writes nothing. Every read is a Query of one partition or a
 * BatchGetItem of known keys, made one at a time, so it never takes more than a trickle of the
 * table's capacity; the cost grows with the users, ledger entries, features and votes it reads.
 */

type Item = Record<string, unknown>;

/** Items per Query page (DynamoDB also stops a page at 1 MB). */
const PAGE_SIZE = 500;

export interface LedgerAudit {
  /** Users checked: every live user, and every deleted one who still holds a vote. */
  readonly users: number;
  readonly features: number;
  /** DynamoDB requests made (Query pages and BatchGetItem calls). */
  readonly requests: number;
  readonly results: readonly InvariantResult[];
  /** Violations over every invariant. */
  readonly mismatches: number;
}

/** Reads the table as the invariants need it and checks them; changes nothing. */
export async function auditLedger(): Promise<LedgerAudit> {
  let requests = 0;
  const readAll = async (query: PartitionQuery): Promise<Item[]> => {
    const items: Item[] = [];
    let cursor: string | undefined;
    do {
      const page = await queryPage(query, PAGE_SIZE, cursor);
      requests += 1;
      items.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return items;
  };
  const getAll = async (keys: Item[]): Promise<Item[]> => {
    requests += Math.ceil(keys.length / 100);
    return keys.length > 0 ? batchGetItems(keys, { consistent: true }) : [];
  };

  // Every live user, from the users index (a deleted account leaves it).
  const users = await readAll({ index: 'GSI1', partition: userKeys.allPartition });
  // Every feature, whatever its status (merged ones too), and the votes on each.
  const features = await readAll({ index: 'GSI3', partition: featureKeys.allPartition });
  const votes: Item[] = [];
  for (const feature of features) {
    votes.push(
      ...(await readAll({
        index: 'GSI1',
        partition: voteKeys.featurePartition(String(feature.id)),
      })),
    );
  }
  // A deleted account's votes stay (its item is a tombstone): its ledger pays for them.
  const listed = new Set(users.map((user) => String(user.id)));
  const voters = [...new Set(votes.map((vote) => String(vote.user_id)))];
  const unlisted = voters.filter((id) => !listed.has(id));
  users.push(...(await getAll(unlisted.map((id) => userKeys.item(id)))));

  const ledger: Item[] = [];
  for (const id of [...listed, ...unlisted]) {
    ledger.push(
      ...(await readAll({ partition: userKeys.item(id).PK, sortKeyPrefix: ledgerKeys.prefix })),
    );
  }

  // Votes may still sit on a merged feature while its merge (or unmerge) is under way.
  const votedFeatures = new Set(votes.map((vote) => String(vote.feature_id)));
  const votedMerged = features
    .filter((feature) => feature.status === 'merged' && votedFeatures.has(String(feature.id)))
    .map((feature) => String(feature.id));
  const merges = await getAll(votedMerged.map((id) => mergeKeys.state(id)));
  const featuresMidMerge = new Set(
    merges
      .filter((merge) => merge.state === 'merging' || merge.state === 'unmerging')
      .map((merge) => String(merge.from_id)),
  );

  const results = checkLedger({ users, ledger, votes, features, featuresMidMerge });
  return {
    users: users.length,
    features: features.length,
    requests,
    results,
    mismatches: results.reduce((sum, check) => sum + check.violations.length, 0),
  };
}
