/*
 * The ledger invariants (docs/architecture.md, "Eggs: a ledger, not a number"), checked over items as
 * stored: pure, no I/O. Two readers feed it: the bench (a Scan of its throwaway table) and the
 * operator's `npm run admin -- audit-ledger` (paged Queries, `ledger-audit.ts`). The rank keys are
 * restated here rather than taken from keys.ts, so the check does not trust the code it checks.
 */

type Item = Record<string, unknown>;

/** The items the invariants are about, as read from the table. */
export interface LedgerSnapshot {
  /** User items (live users and tombstones of deleted accounts). */
  readonly users: readonly Item[];
  /** The ledger entries of those users. */
  readonly ledger: readonly Item[];
  /** Every vote on every feature in `features` (and any other vote read). */
  readonly votes: readonly Item[];
  readonly features: readonly Item[];
  /**
   * Merged features whose merge or unmerge is under way: their votes are still moving, so votes
   * may sit on them while their status is `merged`.
   */
  readonly featuresMidMerge?: ReadonlySet<string>;
}

export interface InvariantResult {
  readonly name: string;
  readonly ok: boolean;
  /** What was checked, e.g. "52 users". */
  readonly checked: string;
  /** Every violation, in words (user or feature id, expected and found). */
  readonly violations: readonly string[];
}

function result(name: string, checked: string, violations: string[]): InvariantResult {
  return { name, ok: violations.length === 0, checked, violations };
}

const add = (map: Map<string, number>, key: string, amount: number) =>
  map.set(key, (map.get(key) ?? 0) + amount);

/** Statuses listed publicly (in GSI2). */
const PUBLIC = new Set(['approved', 'in_progress', 'completed']);

/**
 * The index keys a feature with this status and total must carry (keys.ts, restated): rank
 * `10^12 − total`, 13 digits, then the id.
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

/**
 * Where the feature lifecycle lets votes sit: a vote lands only on an approved feature
 * (votes-repository.ts), which may then move on to in progress or completed; a merge moves a
 * merged feature's votes away (modules/votable/feature-kind.ts).
 */
const VOTABLE_OR_LATER = new Set(['approved', 'in_progress', 'completed']);

const userId = (item: Item) => String(item.user_id);

/**
 * What breaks the chain of a user's entries, in words (nothing when they chain). Each entry moves
 * the balance from `balance_after − amount` to `balance_after` (every change is conditional on the
 * balance it read), so the entries are the steps of one path from 0 to their sum. Their time order
 * is not the path's (a retried change keeps its first timestamp), so the check is the path's: every
 * balance is left as often as it is reached, except 0 (left once more) and the sum (reached once
 * more); an entry of 0 eggs (a moved vote) stands on a balance the path passes.
 */
function chainBreaks(sum: number, entries: readonly Item[]): string[] {
  const surplus = new Map<number, number>([[0, -1]]);
  surplus.set(sum, (surplus.get(sum) ?? 0) + 1);
  const passed = new Set<number>([0, sum]);
  const standing: number[] = [];
  for (const entry of entries) {
    const after = Number(entry.balance_after);
    const amount = Number(entry.amount);
    if (amount === 0) {
      standing.push(after);
      continue;
    }
    const before = after - amount;
    surplus.set(before, (surplus.get(before) ?? 0) + 1);
    surplus.set(after, (surplus.get(after) ?? 0) - 1);
    passed.add(before).add(after);
  }
  const counted = (count: number, one: string, many: string) =>
    count === 1 ? `1 entry ${one}` : `${count} entries ${many}`;
  const breaks = [...surplus]
    .filter(([, count]) => count !== 0)
    .sort(([a], [b]) => a - b)
    .map(([at, count]) =>
      count > 0
        ? `${counted(count, 'leaves', 'leave')} ${at} with none reaching it`
        : `${counted(-count, 'reaches', 'reach')} ${at} with none leaving it`,
    );
  for (const at of standing) {
    if (!passed.has(at)) breaks.push(`an entry of 0 eggs stands at ${at}, a balance never held`);
  }
  return breaks;
}

/**
 * Every ledger invariant over a snapshot: balance = sum of the user's ledger entries, the entries'
 * `balance_after` chained from 0 to that sum, no negative balance now or after any entry, at
 * most one daily claim per user and UTC day, `total_eggs` = sum of the feature's votes (and
 * `vote_count` = its voters), rank keys that carry the total and status, votes only where the
 * lifecycle lets them sit, each vote paid for by its voter's ledger entries, and no vote of 0
 * eggs (a vote that holds nothing is no vote: My Votes would list it).
 */
export function checkLedger(snapshot: LedgerSnapshot): InvariantResult[] {
  const { users, ledger, votes, features } = snapshot;
  const entriesOf = new Map<string, Item[]>();
  const ledgerSum = new Map<string, number>();
  const claims = new Map<string, number>();
  const paidForVotes = new Map<string, number>();
  const negativeEntries: string[] = [];
  for (const entry of ledger) {
    const owner = userId(entry);
    entriesOf.set(owner, [...(entriesOf.get(owner) ?? []), entry]);
    add(ledgerSum, owner, Number(entry.amount));
    if (Number(entry.balance_after) < 0) {
      negativeEntries.push(
        `user ${owner}: ledger entry ${String(entry.id)} left a balance of ${String(entry.balance_after)}`,
      );
    }
    if (entry.kind === 'daily_claim') add(claims, `user ${owner} on ${String(entry.reference)}`, 1);
    if (entry.kind === 'vote') {
      add(paidForVotes, `${owner} ${String(entry.reference)}`, -Number(entry.amount));
    }
    // A merge moves a vote's eggs from one request to another (amount 0), an unmerge
    // moves them back; what was paid for follows them.
    const moved = entry.moved as { eggs: number; from_id: string; into_id: string } | undefined;
    if ((entry.kind === 'vote_moved' || entry.kind === 'vote_restored') && moved) {
      add(paidForVotes, `${owner} ${moved.from_id}`, -moved.eggs);
      add(paidForVotes, `${owner} ${moved.into_id}`, moved.eggs);
    }
  }

  const balanceMismatches: string[] = [];
  const brokenChains: string[] = [];
  const negativeBalances: string[] = [];
  for (const user of users) {
    const id = String(user.id);
    const balance = Number(user.egg_balance);
    const sum = ledgerSum.get(id) ?? 0;
    if (balance !== sum) {
      balanceMismatches.push(`user ${id}: balance ${balance}, expected ${sum} (sum of its ledger)`);
    }
    const breaks = chainBreaks(sum, entriesOf.get(id) ?? []);
    if (breaks.length > 0) {
      brokenChains.push(
        `user ${id}: its ledger entries do not chain from 0 to their sum ${sum}: ${breaks.join('; ')}`,
      );
    }
    if (balance < 0) negativeBalances.push(`user ${id}: balance ${balance}, expected ≥ 0`);
  }

  const claimViolations = [...claims]
    .filter(([, count]) => count > 1)
    .map(([who, count]) => `${who}: ${count} daily claims, expected at most 1`);

  const votesByFeature = new Map<string, number>();
  const votersByFeature = new Map<string, number>();
  const voted = new Set<string>();
  const unpaidVotes: string[] = [];
  const emptyVotes: string[] = [];
  for (const vote of votes) {
    const feature = String(vote.feature_id);
    if (!(Number(vote.eggs) > 0)) {
      emptyVotes.push(
        `user ${userId(vote)} on feature ${feature}: a vote of ${String(vote.eggs)} eggs, expected at least 1`,
      );
    }
    add(votesByFeature, feature, Number(vote.eggs));
    add(votersByFeature, feature, 1);
    const key = `${userId(vote)} ${feature}`;
    voted.add(key);
    const paid = paidForVotes.get(key) ?? 0;
    if (paid !== Number(vote.eggs)) {
      unpaidVotes.push(
        `user ${userId(vote)} on feature ${feature}: vote of ${String(vote.eggs)} eggs, ledger paid ${paid}`,
      );
    }
  }
  for (const [key, paid] of paidForVotes) {
    if (paid === 0 || voted.has(key)) continue;
    const [owner = '', feature = ''] = key.split(' ');
    unpaidVotes.push(`user ${owner} on feature ${feature}: ledger paid ${paid} eggs for no vote`);
  }

  const unsettledRanks: string[] = [];
  const totalMismatches: string[] = [];
  const statusViolations: string[] = [];
  const featureStatus = new Map<string, string>();
  for (const feature of features) {
    const id = String(feature.id);
    const status = String(feature.status);
    featureStatus.set(id, status);
    const sum = votesByFeature.get(id) ?? 0;
    const voters = votersByFeature.get(id) ?? 0;
    const wrongKeys = Object.entries(expectedIndexKeys(id, status, Number(feature.total_eggs)))
      .filter(([name, value]) => feature[name] !== value)
      .map(([name, value]) => `${name} ${String(feature[name])}, expected ${String(value)}`);
    if (wrongKeys.length > 0) unsettledRanks.push(`feature ${id}: ${wrongKeys.join('; ')}`);
    if (Number(feature.total_eggs) !== sum) {
      totalMismatches.push(
        `feature ${id}: total_eggs ${String(feature.total_eggs)}, expected ${sum} (sum of its ${voters} votes)`,
      );
    }
    if (Number(feature.vote_count) !== voters) {
      totalMismatches.push(
        `feature ${id}: vote_count ${String(feature.vote_count)}, expected ${voters} (its voters)`,
      );
    }
  }
  for (const [feature, eggs] of votesByFeature) {
    const status = featureStatus.get(feature);
    const midMerge = status === 'merged' && snapshot.featuresMidMerge?.has(feature);
    if (!midMerge && (!status || !VOTABLE_OR_LATER.has(status))) {
      statusViolations.push(
        `feature ${feature} (${status ?? 'missing'}) holds ${eggs} voted eggs, expected none`,
      );
    }
  }

  return [
    result('balance = sum of ledger, for every user', `${users.length} users`, balanceMismatches),
    result(
      'ledger entries chain from 0 to their sum (balance_after), for every user',
      `${users.length} users, ${ledger.length} ledger entries`,
      brokenChains,
    ),
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
      'votes only on approved features (or ones moved on to in progress or completed)',
      `${votesByFeature.size} features with votes`,
      statusViolations,
    ),
    result('every vote paid for by its ledger entries', `${votes.length} votes`, unpaidVotes),
    result('every vote holds at least 1 egg', `${votes.length} votes`, emptyVotes),
  ];
}
