import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatVersion } from '../../src/lib/format';

describe('Footer and card text', () => {
  it("prefixes versions with a single 'v'", () => {
    // Prepare / Act / Assess
    expect(formatVersion('1.2.0')).toBe('v1.2.0');
    expect(formatVersion('v0.3.0')).toBe('v0.3.0');
  });
});

describe('formatDate', () => {
  it('writes a calendar date for people', () => {
    expect(formatDate('2025-03-04T10:00:00.000Z')).toBe('March 4, 2025');
  });

  it('keeps text that is not a date', () => {
    expect(formatDate('soon')).toBe('soon');
  });
});

describe('formatCount', () => {
  it('groups thousands as en-US does, without loading locale data', () => {
    for (const value of [0, 7, 999, 1000, 12345, 1234567, -1000, -999, 100000, 1.5, 12345.25]) {
      expect(formatCount(value)).toBe(value.toLocaleString('en-US', { maximumFractionDigits: 20 }));
    }
  });
});

describe('formatDate against the browser', () => {
  it('writes every month as en-US does, in UTC', () => {
    for (let month = 0; month < 12; month += 1) {
      const value = new Date(
        Date.UTC(2024, month, month === 1 ? 29 : 31 - (month % 2), 23, 30),
      ).toISOString();
      expect(formatDate(value)).toBe(
        new Date(value).toLocaleDateString('en-US', {
          year: 'numeric',
          month: 'long',
          day: 'numeric',
          timeZone: 'UTC',
        }),
      );
    }
  });
});
