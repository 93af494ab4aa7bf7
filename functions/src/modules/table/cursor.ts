import { ValidationError } from '../../lib/errors';
import { KEY_ATTRIBUTES } from './table-definition';

type Key = Record<string, unknown>;

/** Turns a query's LastEvaluatedKey into the opaque `next_cursor` (null on the last page). */
export function encodeCursor(lastEvaluatedKey: Key | undefined): string | null {
  if (!lastEvaluatedKey) return null;
  return Buffer.from(JSON.stringify(lastEvaluatedKey), 'utf8').toString('base64url');
}

/**
 * Reads a `cursor` back into an ExclusiveStartKey. Anything that is not a key this table could
 * have produced is a 400, so a tampered cursor never reaches DynamoDB as arbitrary input.
 */
export function decodeCursor(cursor: string | undefined): Key | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  const invalid = () => new ValidationError([{ field: 'cursor', message: 'Invalid cursor' }]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw invalid();
  const entries = Object.entries(parsed);
  const valid =
    entries.length > 0 &&
    entries.every(([name, value]) => KEY_ATTRIBUTES.includes(name) && typeof value === 'string');
  if (!valid) throw invalid();
  return parsed as Key;
}
