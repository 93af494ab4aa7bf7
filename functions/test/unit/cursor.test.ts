import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '../../src/modules/table/cursor';
import { ValidationError } from '../../src/lib/errors';

describe('page cursors', () => {
  it('round-trip a LastEvaluatedKey and are null on the last page', () => {
    const key = { PK: 'PROJECT#1', SK: 'PROJECT', GSI1PK: 'PROJECTS', GSI1SK: 'a#b#1' };

    expect(decodeCursor(encodeCursor(key) ?? undefined)).toEqual(key);
    expect(encodeCursor(undefined)).toBeNull();
    expect(decodeCursor(undefined)).toBeUndefined();
  });

  it.each([
    ['not base64 JSON', 'zzz'],
    ['an array', Buffer.from('[1]').toString('base64url')],
    ['an unknown attribute', Buffer.from('{"password":"x"}').toString('base64url')],
    ['a non-string key value', Buffer.from('{"PK":{"S":"x"}}').toString('base64url')],
    ['an empty object', Buffer.from('{}').toString('base64url')],
  ])('refuse %s as a validation error', (_label, cursor) => {
    expect(() => decodeCursor(cursor)).toThrow(ValidationError);
  });
});
