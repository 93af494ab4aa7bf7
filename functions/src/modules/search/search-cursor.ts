import { createHash } from 'node:crypto';
import { ValidationError } from '../../lib/errors';

/**
 * A search list's cursor: an offset into the ranked result and a fingerprint of the
 * search it belongs to (kind, words, filters, who may see what). It is opaque to clients; one of
 * another search, or a list's key cursor, is a 400. A tampered offset only pages the same result.
 */
export function searchFingerprint(parts: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 16);
}

export function encodeSearchCursor(fingerprint: string, offset: number): string {
  return Buffer.from(JSON.stringify({ search: fingerprint, offset }), 'utf8').toString('base64url');
}

/** The offset a cursor names (0 without one); anything but a cursor of this search is a 400. */
export function decodeSearchCursor(cursor: string | undefined, fingerprint: string): number {
  if (cursor === undefined || cursor === '') return 0;
  const invalid = () => new ValidationError([{ field: 'cursor', message: 'Invalid cursor' }]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const { search, offset } = (parsed ?? {}) as { search?: unknown; offset?: unknown };
  if (search !== fingerprint || typeof offset !== 'number') throw invalid();
  if (!Number.isInteger(offset) || offset < 0 || offset > 1_000_000) throw invalid();
  return offset;
}
