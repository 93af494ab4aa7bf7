import { describe, expect, it } from 'vitest';
import { formatBuildTools, formatDate, formatVersion } from '../../src/lib/format';

describe('Footer and card text', () => {
  it("lists the platform's build tools as 'Requires node >=20 · npm >=10'", () => {
    // Prepare
    const tools = { node: '>=20', npm: '>=10' };

    // Act
    const text = formatBuildTools(tools);

    // Assess
    expect(text).toBe('Requires node >=20 · npm >=10');
  });

  it('says nothing when there are no build tools', () => {
    // Prepare / Act / Assess
    expect(formatBuildTools({})).toBe('');
  });

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
