import { describe, expect, it } from 'vitest';
import { checkLedger, type LedgerSnapshot } from '../../src/modules/eggs/ledger-invariants';

type Item = Record<string, unknown>;

const rank = (total: number, id: string) => `${String(1e12 - total).padStart(13, '0')}#${id}`;

const feature = (id: string, status: string, total: number, voters: number): Item => ({
  id,
  status,
  total_eggs: total,
  vote_count: voters,
  GSI1PK: `FEATURES#${status}`,
  GSI1SK: rank(total, id),
  ...(['approved', 'in_progress', 'completed'].includes(status)
    ? { GSI2PK: 'FEATURES_VISIBLE', GSI2SK: rank(total, id) }
    : {}),
  GSI3PK: 'FEATURES',
  GSI3SK: rank(total, id),
  GSI4SK: rank(total, id),
});

const entry = (id: string, kind: string, amount: number, after: number, reference = kind) => ({
  id,
  user_id: 'u1',
  kind,
  amount,
  balance_after: after,
  reference,
});

/** A welcome, a claim, a vote of 30 on f1: balance 480. */
function consistent(): LedgerSnapshot {
  return {
    users: [{ id: 'u1', egg_balance: 480 }],
    ledger: [
      entry('01', 'welcome', 500, 500),
      entry('02', 'daily_claim', 10, 510, '2026-11-26'),
      entry('03', 'vote', -30, 480, 'f1'),
    ],
    votes: [{ user_id: 'u1', feature_id: 'f1', eggs: 30 }],
    features: [feature('f1', 'approved', 30, 1)],
  };
}

const violations = (snapshot: LedgerSnapshot) =>
  checkLedger(snapshot).flatMap((check) => check.violations);

describe('checkLedger', () => {
  it('finds every invariant holding on a consistent ledger', () => {
    const results = checkLedger(consistent());

    expect(results.every((check) => check.ok)).toBe(true);
  });

  it('accepts entries whose time order is not their order (a retried change keeps its time)', () => {
    const snapshot = consistent();

    const reordered = { ...snapshot, ledger: [...snapshot.ledger].reverse() };

    expect(violations(reordered)).toEqual([]);
  });

  it('reports an entry whose balance_after does not follow from the one before', () => {
    const snapshot = consistent();
    const ledger = [...snapshot.ledger];
    ledger[1] = entry('02', 'daily_claim', 10, 515, '2026-11-26');
    ledger[2] = entry('03', 'vote', -30, 480, 'f1');

    const found = violations({ ...snapshot, ledger });

    expect(found).toEqual([
      'user u1: its ledger entries do not chain from 0 to their sum 480: 1 entry reaches 500 with none leaving it; 1 entry leaves 505 with none reaching it; 1 entry leaves 510 with none reaching it; 1 entry reaches 515 with none leaving it',
    ]);
  });

  it('reports two daily claims on one UTC day', () => {
    const snapshot = consistent();
    const ledger = [...snapshot.ledger, entry('04', 'daily_claim', 10, 490, '2026-11-26')];

    const found = violations({ ...snapshot, ledger, users: [{ id: 'u1', egg_balance: 490 }] });

    expect(found).toEqual(['user u1 on 2026-11-26: 2 daily claims, expected at most 1']);
  });

  it('lets votes sit on a merged feature only while its merge is under way', () => {
    const snapshot = { ...consistent(), features: [feature('f1', 'merged', 30, 1)] };

    expect(violations({ ...snapshot, featuresMidMerge: new Set(['f1']) })).toEqual([]);
    expect(violations(snapshot)).toEqual([
      'feature f1 (merged) holds 30 voted eggs, expected none',
    ]);
  });

  it('reports eggs a ledger paid for a vote that is not there', () => {
    const found = violations({
      ...consistent(),
      votes: [],
      features: [feature('f1', 'approved', 0, 0)],
    });

    expect(found).toEqual(['user u1 on feature f1: ledger paid 30 eggs for no vote']);
  });

  it('reports a vote of 0 eggs, even when its ledger paid nothing for it', () => {
    const snapshot = consistent();

    const found = violations({
      ...snapshot,
      votes: [...snapshot.votes, { user_id: 'u1', feature_id: 'f2', eggs: 0 }],
      features: [...snapshot.features, feature('f2', 'approved', 0, 1)],
    });

    expect(found).toEqual(['user u1 on feature f2: a vote of 0 eggs, expected at least 1']);
  });
});
