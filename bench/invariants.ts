import { ScanCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Sample } from './workload';

export interface InvariantResult {
  readonly name: string;
  readonly ok: boolean;
  /** What was checked, e.g. "52 users". */
  readonly checked: string;
  /** The first few violations, in words. */
  readonly violations: readonly string[];
}

type Item = Record<string, unknown>;

/** Every item of the table. A Scan is fine here: the bench reads its own throwaway table once. */
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

const MAX_LISTED = 10;

function result(name: string, checked: string, violations: string[]): InvariantResult {
  return {
    name,
    ok: violations.length === 0,
    checked,
    violations: violations.slice(0, MAX_LISTED),
  };
}

const add = (map: Map<string, number>, key: string, amount: number) =>
  map.set(key, (map.get(key) ?? 0) + amount);

/** Statuses listed publicly (in GSI2). */
const PUBLIC = new Set(['approved', 'in_progress', 'completed']);

/**
 * The index keys a feature with this status and total must carry (keys.ts, restated so the check
 * does not trust the code it checks): rank `10^12 − total`, 13 digits, then the id.
 */
function expectedIndexKeys(id: string, status: string, total: number): Item {
  const rank = `${String(1e12 - total).padStart(13, '0')}#${id}`;
  return {
    GSI1PK: `FEATURES#${status}`,
    GSI1SK: rank,
    GSI2PK: PUBLIC.has(status) ? 'FEATURES_VISIBLE' : undefined,
    GSI2SK: PUBLIC.has(status) ? rank : undefined,
    GSI3PK: 'FEATURES',
    GSI3SK: rank,
    GSI4SK: rank,
  };
}

/** Where the feature lifecycle allows votes to sit: approved, or moved on from approved. */
const VOTABLE_OR_LATER = new Set(['approved', 'in_progress', 'completed']);

/**
 * The ledger invariants of ARCHITECTURE.md, read straight from the table after the run, for
 * every user and feature in it (the demo seed's too): balance = sum of ledger, no negative
 * balance, at most one daily claim per user and UTC day, total_eggs = sum of votes (and
 * vote_count = voters), rank keys that carry the total, votes only on approved features and each vote paid for by ledger
 * entries; plus no 5xx answer during the run.
 */
export async function checkInvariants(
  db: DynamoDBDocumentClient,
  tableName: string,
  samples: readonly Sample[],
): Promise<InvariantResult[]> {
  const items = await scanAll(db, tableName);
  const sk = (item: Item) => String(item.SK);
  const users = items.filter((item) => item.entity === 'User');
  const ledger = items.filter((item) => sk(item).startsWith('LEDGER#'));
  const votes = items.filter((item) => item.entity === 'Vote');
  const features = items.filter((item) => item.entity === 'Feature');

  const ledgerSum = new Map<string, number>();
  const claims = new Map<string, number>();
  const paidForVotes = new Map<string, number>();
  const negativeEntries: string[] = [];
  for (const entry of ledger) {
    const owner = String(entry.PK);
    add(ledgerSum, owner, Number(entry.amount));
    if (Number(entry.balance_after) < 0) {
      negativeEntries.push(`${owner} ledger ${sk(entry)}: balance_after ${entry.balance_after}`);
    }
    if (entry.kind === 'daily_claim') add(claims, `${owner} on ${entry.reference}`, 1);
    if (entry.kind === 'vote') {
      add(paidForVotes, `${owner} → ${entry.reference}`, -Number(entry.amount));
    }
    // Issue 13: a merge moves a vote's eggs from one request to another (amount 0), an unmerge
    // moves them back; what was paid for follows them.
    const moved = entry.moved as { eggs: number; from_id: string; into_id: string } | undefined;
    if ((entry.kind === 'vote_moved' || entry.kind === 'vote_restored') && moved) {
      add(paidForVotes, `${owner} → ${moved.from_id}`, -moved.eggs);
      add(paidForVotes, `${owner} → ${moved.into_id}`, moved.eggs);
    }
  }

  const balanceMismatches: string[] = [];
  const negativeBalances: string[] = [];
  for (const user of users) {
    const owner = String(user.PK);
    const balance = Number(user.egg_balance);
    const sum = ledgerSum.get(owner) ?? 0;
    if (balance !== sum) balanceMismatches.push(`${owner}: balance ${balance}, ledger sum ${sum}`);
    if (balance < 0) negativeBalances.push(`${owner}: balance ${balance}`);
  }

  const claimViolations = [...claims]
    .filter(([, count]) => count > 1)
    .map(([who, count]) => `${who}: ${count} claims`);

  const votesByFeature = new Map<string, number>();
  const votersByFeature = new Map<string, number>();
  const unpaidVotes: string[] = [];
  for (const vote of votes) {
    const feature = String(vote.feature_id);
    add(votesByFeature, feature, Number(vote.eggs));
    add(votersByFeature, feature, 1);
    const key = `USER#${String(vote.user_id)} → ${feature}`;
    const paid = paidForVotes.get(key) ?? 0;
    if (paid !== Number(vote.eggs)) {
      unpaidVotes.push(`${key}: vote of ${vote.eggs} eggs, ledger paid ${paid}`);
    }
  }
  for (const [key, paid] of paidForVotes) {
    if (paid === 0) continue;
    const [owner = '', feature = ''] = key.split(' → ');
    const recorded = votes.some(
      (vote) => `USER#${String(vote.user_id)}` === owner && vote.feature_id === feature,
    );
    if (!recorded) unpaidVotes.push(`${key}: ledger paid ${paid} eggs for no vote`);
  }

  const unsettledRanks: string[] = [];
  const totalMismatches: string[] = [];
  const statusViolations: string[] = [];
  const featureStatus = new Map<string, string>();
  for (const feature of features) {
    const id = String(feature.id);
    featureStatus.set(id, String(feature.status));
    const sum = votesByFeature.get(id) ?? 0;
    const voters = votersByFeature.get(id) ?? 0;
    const wrongKeys = Object.entries(
      expectedIndexKeys(id, String(feature.status), Number(feature.total_eggs)),
    )
      .filter(([name, value]) => feature[name] !== value)
      .map(([name, value]) => `${name} ${String(feature[name])}, expected ${String(value)}`);
    if (wrongKeys.length > 0) unsettledRanks.push(`FEATURE#${id}: ${wrongKeys.join('; ')}`);
    if (Number(feature.total_eggs) !== sum || Number(feature.vote_count) !== voters) {
      totalMismatches.push(
        `FEATURE#${id}: total_eggs ${feature.total_eggs} / vote_count ${feature.vote_count}, votes sum ${sum} from ${voters} voters`,
      );
    }
  }
  for (const [feature, eggs] of votesByFeature) {
    const status = featureStatus.get(feature);
    if (!status || !VOTABLE_OR_LATER.has(status)) {
      statusViolations.push(`FEATURE#${feature} (${status ?? 'missing'}) holds ${eggs} voted eggs`);
    }
  }

  const serverErrors = samples
    .filter((sample) => sample.status >= 500)
    .map((sample) => `${sample.route} answered ${sample.status}`);

  return [
    result('balance = sum of ledger, for every user', `${users.length} users`, balanceMismatches),
    result(
      'no negative balance, now or after any ledger entry',
      `${users.length} users, ${ledger.length} ledger entries`,
      [...negativeBalances, ...negativeEntries],
    ),
    result(
      'at most one daily claim per user per UTC day',
      `${claims.size} user-days`,
      claimViolations,
    ),
    result(
      'total_eggs = sum of votes (and vote_count = voters), per feature',
      `${features.length} features, ${votes.length} votes`,
      totalMismatches,
    ),
    result(
      'rank keys carry the total and status (lists sorted by eggs), per feature',
      `${features.length} features`,
      unsettledRanks,
    ),
    result(
      'votes only on approved features',
      `${votesByFeature.size} features with votes`,
      statusViolations,
    ),
    result('every vote paid for by its ledger entries', `${votes.length} votes`, unpaidVotes),
    result('no server error (5xx) during the run', `${samples.length} requests`, serverErrors),
  ];
}
