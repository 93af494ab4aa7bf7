import { describe, expect, it } from 'vitest';
import {
  filtersFor,
  parseFeatureFilter,
  permittedFilter,
  statusForFilter,
} from '../../src/features/feature-requests/utils/feature-filter';

describe('Feature status filters', () => {
  it('offers All and Approved to everyone and Pending to admins only', () => {
    // Prepare / Act
    const user = filtersFor(false);
    const admin = filtersFor(true);

    // Assess
    expect(user).toEqual(['all', 'approved']);
    expect(admin).toEqual(['all', 'approved', 'pending']);
  });

  it('reads a filter from the URL and falls back for a missing or unknown one', () => {
    // Prepare
    const values = ['all', 'pending', 'approved', null, '', 'rejected', 'ALL'];

    // Act
    const filters = values.map((value) => parseFeatureFilter(value, 'approved'));

    // Assess
    expect(filters).toEqual([
      'all',
      'pending',
      'approved',
      'approved',
      'approved',
      'approved',
      'approved',
    ]);
  });

  it('resets a non-admin on pending to approved and leaves admins alone', () => {
    // Prepare / Act
    const user = permittedFilter('pending', false);
    const admin = permittedFilter('pending', true);
    const userAll = permittedFilter('all', false);

    // Assess
    expect(user).toBe('approved');
    expect(admin).toBe('pending');
    expect(userAll).toBe('all');
  });

  it('asks the API for one status, or none for All', () => {
    // Prepare / Act
    const statuses = (['all', 'approved', 'pending'] as const).map(statusForFilter);

    // Assess
    expect(statuses).toEqual([undefined, 'approved', 'pending']);
  });
});
