import { describe, expect, it } from 'vitest';
import { LEDGER_KINDS } from '@hatchworks/shared/schemas/eggs';
import { FEATURE_STATUSES } from '@hatchworks/shared/schemas/features';
import { FEATURE_STATUS_BADGES } from '../../src/components/ui/feature-status-badge';
import {
  adjustmentReason,
  amountDirection,
  eggsText,
  formatDateTime,
  formatEggAmount,
  LEDGER_KIND_LABELS,
  votesText,
} from '../../src/features/profile/utils/ledger';

describe('Egg History display', () => {
  it('names every ledger kind for people', () => {
    // Prepare / Act
    const labels = LEDGER_KINDS.map((kind) => LEDGER_KIND_LABELS[kind]);

    // Assess
    expect(labels).toEqual([
      'Welcome bonus',
      'Daily claim',
      'Feature request',
      'Vote',
      'Refund',
      'Admin adjustment',
      'Vote moved by a merge',
      'Vote restored by an unmerge',
    ]);
  });

  it('writes the sign of every amount as text, with a real minus sign', () => {
    // Prepare
    const amounts = [500, -100, 2000, -1, 0];

    // Act
    const texts = amounts.map(formatEggAmount);

    // Assess
    expect(texts).toEqual(['+500', '−100', '+2,000', '−1', '0']);
  });

  it('tells credits from debits for the colour', () => {
    // Prepare / Act
    const directions = [100, -30, 0].map(amountDirection);

    // Assess
    expect(directions).toEqual(['credit', 'debit', 'none']);
  });

  it("reads an admin adjustment's reason, trimmed, and nothing else", () => {
    // Prepare / Act
    const reason = adjustmentReason({ kind: 'admin_adjustment', reference: '  Beta thanks ' });
    const blank = adjustmentReason({ kind: 'admin_adjustment', reference: '  ' });
    const other = adjustmentReason({ kind: 'vote', reference: 'F1' });

    // Assess
    expect([reason, blank, other]).toEqual(['Beta thanks', undefined, undefined]);
  });

  it('counts eggs and votes in singular and plural', () => {
    // Prepare / Act
    const texts = [eggsText(1), eggsText(1250), eggsText(0), votesText(1), votesText(3)];

    // Assess
    expect(texts).toEqual(['1 egg', '1,250 eggs', '0 eggs', '1 vote', '3 votes']);
  });

  it('shows a moment as date and time, and anything else as written', () => {
    // Prepare / Act
    const moment = formatDateTime('2026-11-23T16:22:05.000Z', 'UTC');
    const garbage = formatDateTime('not a date');

    // Assess
    expect(moment).toBe('Nov 23, 2026, 4:22 PM');
    expect(garbage).toBe('not a date');
  });

  it('gives each feature status its own badge', () => {
    // Prepare / Act
    const badges = FEATURE_STATUSES.map((status) => FEATURE_STATUS_BADGES[status]);

    // Assess
    expect(badges).toEqual([
      { tone: 'warning', label: 'Pending' },
      { tone: 'success', label: 'Approved' },
      { tone: 'static', label: 'In Progress' },
      { tone: 'backend', label: 'Completed' },
      { tone: 'danger', label: 'Rejected' },
      { tone: 'outline', label: 'Merged' },
    ]);
  });
});
