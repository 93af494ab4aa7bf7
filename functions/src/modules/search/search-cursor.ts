import { createHash } from 'node:crypto';
import type { SearchMatch } from '@hatchworks/shared/schemas/search';
import { ValidationError } from '../../lib/errors';

/**
 * A search list's cursor: an offset into the ranked result, a fingerprint of the search it
 * belongs to (kind, words, filters, who may see what) and, for partial matches, `match: 'some'`,
 * so the next page goes on through the same result (a request written meanwhile that matches
 * every word does not switch the pages under the reader). It is opaque to clients; one of another
 * search, or a list's key cursor, is a 400. A tampered offset or match only pages a result of the
 * same search.
 */
export function searchFingerprint(parts: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 16);
}

export function encodeSearchCursor(
  fingerprint: string,
  offset: number,
  match: SearchMatch = 'all',
): string {
  const body = { search: fingerprint, offset, ...(match === 'some' ? { match } : {}) };
  return Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
}

/** Where a cursor goes on: the offset and the kind of result it pages. */
export interface SearchPosition {
  readonly offset: number;
  /** Absent on the first page: the search decides whether every word matches. */
  readonly match: SearchMatch | undefined;
}

/** The position a cursor names (offset 0 without one); anything but a cursor of this search is a 400. */
export function decodeSearchCursor(
  cursor: string | undefined,
  fingerprint: string,
): SearchPosition {
  if (cursor === undefined || cursor === '') return { offset: 0, match: undefined };
  const invalid = () => new ValidationError([{ field: 'cursor', message: 'Invalid cursor' }]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const { search, offset, match } = (parsed ?? {}) as {
    search?: unknown;
    offset?: unknown;
    match?: unknown;
  };
  if (search !== fingerprint || typeof offset !== 'number') throw invalid();
  if (!Number.isInteger(offset) || offset < 0 || offset > 1_000_000) throw invalid();
  if (match !== undefined && match !== 'some') throw invalid();
  return { offset, match: match ?? 'all' };
}
