import { describe, expect, it } from 'vitest';
import { relativeTime } from '../../src/lib/relative-time';

const now = new Date('2026-06-15T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('relativeTime', () => {
  it.each([
    [0, 'just now'],
    [59, 'just now'],
    [60, '1 minute ago'],
    [5 * 60 + 59, '5 minutes ago'],
    [3600, '1 hour ago'],
    [23 * 3600, '23 hours ago'],
    [24 * 3600, '1 day ago'],
    [29 * 24 * 3600, '29 days ago'],
    [30 * 24 * 3600, '1 month ago'],
    [11 * 30 * 24 * 3600, '11 months ago'],
    [365 * 24 * 3600, '1 year ago'],
    [3 * 365 * 24 * 3600, '3 years ago'],
  ])('says %i seconds ago is "%s"', (seconds, expected) => {
    expect(relativeTime(ago(seconds), now)).toBe(expected);
  });

  it('says "just now" for a time a skewed clock puts in the future', () => {
    expect(relativeTime(ago(-120), now)).toBe('just now');
  });
});
