import { describe, expect, it } from 'vitest';
import { canTransition, projectCountDeltas } from '../../src/modules/features/feature-lifecycle';

describe('feature lifecycle', () => {
  it.each([
    ['pending', 'approved'],
    ['pending', 'rejected'],
    ['approved', 'in_progress'],
    ['approved', 'completed'],
    ['in_progress', 'completed'],
    ['approved', 'pending'],
    ['rejected', 'pending'],
  ] as const)('allows %s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(true);
  });

  it.each([
    ['pending', 'completed'],
    ['approved', 'rejected'],
    ['completed', 'approved'],
    ['rejected', 'approved'],
    ['in_progress', 'approved'],
    ['in_progress', 'pending'],
    ['completed', 'pending'],
  ] as const)('refuses %s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(false);
  });

  it('keeps total = open + completed on the project', () => {
    expect(projectCountDeltas('pending', 'approved')).toEqual({ total: 0, open: 0, completed: 0 });
    expect(projectCountDeltas('pending', 'rejected')).toEqual({
      total: -1,
      open: -1,
      completed: 0,
    });
    expect(projectCountDeltas('in_progress', 'completed')).toEqual({
      total: 0,
      open: -1,
      completed: 1,
    });
  });
});
