import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  subjectOfDocumentId,
  subjectOfKeys,
  toSearchDocument,
  type SearchDocument,
} from '../../src/modules/search/documents';
import {
  decodeSearchCursor,
  encodeSearchCursor,
  searchFingerprint,
} from '../../src/modules/search/search-cursor';
import {
  createSearchIndex,
  parseSearchIndex,
  patchSearchIndex,
  querySearchIndex,
  serializeSearchIndex,
  transpositionsOf,
} from '../../src/modules/search/search-index';
import { listHits } from '../../src/modules/search/list-hits';
import { fileSnapshotStore, s3SnapshotStore } from '../../src/modules/search/snapshot-store';
import type { S3Answer, S3Object } from '../../src/modules/search/s3-object';
import { SEARCH_STREAM_FILTERS } from '../../src/modules/search/stream-filter';
import { ValidationError } from '../../src/lib/errors';

const feature = (overrides: Record<string, unknown> = {}) => ({
  PK: 'FEATURE#f1',
  SK: 'FEATURE',
  id: 'f1',
  title: 'Dark mode for the dashboard',
  description: 'Easier on the eyes at night.',
  use_case: 'Night shifts',
  tags: ['theme', 'accessibility'],
  status: 'approved',
  project_id: 'p1',
  total_eggs: 40,
  created_at: '2025-01-02T03:04:05.000Z',
  ...overrides,
});

const request = (overrides: Record<string, unknown> = {}) => ({
  id: 'r1',
  title: 'Export invoices as CSV',
  description: 'Accounting wants spreadsheets.',
  tags: ['export'],
  status: 'Open',
  priority: 'High',
  category: 'New Feature',
  project_id: null,
  votes: 3,
  created_at: '2025-01-03T00:00:00.000Z',
  ...overrides,
});

describe('search documents', () => {
  it('map a feature: description with use case, tags, filter fields', () => {
    const document = toSearchDocument('feature', feature());

    expect(document).toEqual({
      id: 'feature:f1',
      type: 'feature',
      title: 'Dark mode for the dashboard',
      description: 'Easier on the eyes at night.\nNight shifts',
      tags: ['theme', 'accessibility'],
      status: 'approved',
      project_id: 'p1',
      category: null,
      priority: null,
      group: null,
      created_at: '2025-01-02T03:04:05.000Z',
      digest: expect.any(String),
    });
  });

  it('map a tracker request and a suggestion (name as title, rationale searched, Open by default)', () => {
    const mappedRequest = toSearchDocument('tracker_request', request());
    const suggestion = toSearchDocument('tracker_suggestion', {
      id: 's1',
      name: 'Lighthouse adventure',
      description: 'A text adventure.',
      rationale: 'Short and replayable.',
      suggested_group: 'Fiction Projects',
      votes: 0,
      created_at: '2025-01-04T00:00:00.000Z',
    });

    expect(mappedRequest).toMatchObject({
      id: 'tracker_request:r1',
      status: 'Open',
      priority: 'High',
      category: 'New Feature',
      project_id: null,
      group: null,
    });
    expect(suggestion).toMatchObject({
      id: 'tracker_suggestion:s1',
      title: 'Lighthouse adventure',
      description: 'A text adventure.\nShort and replayable.',
      tags: [],
      status: 'Open',
      group: 'Fiction Projects',
    });
  });

  it('map a merged tracker request or suggestion to the status search hides', () => {
    const mergedInto = { id: 'r2', title: 'The one it joined' };
    expect(
      toSearchDocument('tracker_request', { ...request(), merged_into: mergedInto }).status,
    ).toBe('merged');
    expect(
      toSearchDocument('tracker_suggestion', {
        id: 's2',
        name: 'Merged suggestion',
        description: '',
        rationale: '',
        suggested_group: 'Fiction Projects',
        votes: 0,
        created_at: '2025-01-04T00:00:00.000Z',
        merged_into: mergedInto,
      }).status,
    ).toBe('merged');
  });

  it('keep the same digest when only counts change, a new one when a searched field does', () => {
    const base = toSearchDocument('feature', feature());

    expect(toSearchDocument('feature', feature({ total_eggs: 99 })).digest).toBe(base.digest);
    expect(toSearchDocument('feature', feature({ title: 'Light mode' })).digest).not.toBe(
      base.digest,
    );
    expect(toSearchDocument('feature', feature({ status: 'completed' })).digest).not.toBe(
      base.digest,
    );
  });

  it('name the subject of a main item only, never of a view or another entity', () => {
    expect(subjectOfKeys('FEATURE#f1', 'FEATURE')).toEqual({ type: 'feature', id: 'f1' });
    expect(subjectOfKeys('TRACKER_REQUEST#r1', 'REQUEST')).toEqual({
      type: 'tracker_request',
      id: 'r1',
    });
    expect(subjectOfKeys('TRACKER_SUGGESTION#s1', 'SUGGESTION')).toEqual({
      type: 'tracker_suggestion',
      id: 's1',
    });
    expect(subjectOfKeys('TRACKER_REQUEST#r1', 'VIEW#votes')).toBeUndefined();
    expect(subjectOfKeys('USER#u1', 'FEATURE#f1')).toBeUndefined();
    expect(subjectOfKeys(undefined, 'FEATURE')).toBeUndefined();
    expect(subjectOfDocumentId('tracker_request:01ABC')).toEqual({
      type: 'tracker_request',
      id: '01ABC',
    });
  });

  it('are selected from the stream by one filter per kind, any event, main items only', () => {
    expect(SEARCH_STREAM_FILTERS).toEqual([
      {
        eventName: ['INSERT', 'MODIFY', 'REMOVE'],
        partitionKeyPrefix: 'FEATURE#',
        sortKey: 'FEATURE',
      },
      {
        eventName: ['INSERT', 'MODIFY', 'REMOVE'],
        partitionKeyPrefix: 'TRACKER_REQUEST#',
        sortKey: 'REQUEST',
      },
      {
        eventName: ['INSERT', 'MODIFY', 'REMOVE'],
        partitionKeyPrefix: 'TRACKER_SUGGESTION#',
        sortKey: 'SUGGESTION',
      },
    ]);
  });
});

describe('the search index', () => {
  const documents: SearchDocument[] = [
    toSearchDocument('feature', feature()),
    toSearchDocument('feature', feature({ id: 'f2', title: 'Weekly digest', status: 'pending' })),
    toSearchDocument('tracker_request', request()),
    toSearchDocument(
      'tracker_request',
      request({ id: 'r2', title: 'Printable receipts', description: 'Export to PDF' }),
    ),
  ];

  it('finds by a misspelled word and by a prefix, title matches first, one kind at a time', () => {
    const index = createSearchIndex(documents);

    const typo = querySearchIndex(index, 'dashbord', ['feature']);
    const prefix = querySearchIndex(index, 'dash', ['feature']);
    const exports = querySearchIndex(index, 'export', ['tracker_request']);

    expect(typo.map((hit) => hit.id)).toEqual(['feature:f1']);
    expect(prefix.map((hit) => hit.id)).toEqual(['feature:f1']);
    expect(exports.map((hit) => hit.id)).toEqual(['tracker_request:r1', 'tracker_request:r2']);
    expect(querySearchIndex(index, 'dashboard', ['tracker_request'])).toEqual([]);
  });

  it('counts a swap of two adjacent letters as one typo, beside the fuzzy rules', () => {
    const index = createSearchIndex(documents);
    const ids = (query: string, type: 'feature' | 'tracker_request') =>
      querySearchIndex(index, query, [type]).map((hit) => hit.id);

    expect(transpositionsOf('drak')).toEqual(['rdak', 'dark', 'drka']);
    expect(transpositionsOf('book')).toEqual(['obok', 'boko']);
    expect(transpositionsOf('ab')).toEqual([]);
    expect(ids('drak mode', 'feature')).toEqual(['feature:f1']);
    expect(ids('exprot', 'tracker_request').sort()).toEqual([
      'tracker_request:r1',
      'tracker_request:r2',
    ]);
    expect(ids('csv exprot', 'tracker_request')).toEqual(['tracker_request:r1']);
    expect(ids('dashbaord', 'feature')).toEqual(['feature:f1']);
    expect(ids('dakr', 'feature')).toEqual(['feature:f1']);
    expect(ids('drka mdoe', 'tracker_request')).toEqual([]);
  });

  it('filters on the stored fields and combines words with AND or OR', () => {
    const index = createSearchIndex(documents);

    const open = querySearchIndex(index, 'digest', ['feature'], (hit) => hit.status !== 'pending');
    const both = querySearchIndex(index, 'export receipts', ['tracker_request'], () => true, 'AND');
    const either = querySearchIndex(
      index,
      'export receipts',
      ['tracker_request'],
      () => true,
      'OR',
    );

    expect(open).toEqual([]);
    expect(both.map((hit) => hit.id)).toEqual(['tracker_request:r2']);
    expect(either.map((hit) => hit.id).sort()).toEqual([
      'tracker_request:r1',
      'tracker_request:r2',
    ]);
    expect(both[0]).toMatchObject({ type: 'tracker_request', status: 'Open', priority: 'High' });
  });

  it('is patched: new documents added, changed ones replaced, gone ones discarded, votes ignored', async () => {
    const index = createSearchIndex(documents);

    const unchanged = await patchSearchIndex(index, [
      { id: 'feature:f1', document: toSearchDocument('feature', feature({ total_eggs: 500 })) },
    ]);
    const changed = await patchSearchIndex(index, [
      {
        id: 'feature:f1',
        document: toSearchDocument(
          'feature',
          feature({ title: 'Night theme', status: 'completed' }),
        ),
      },
      { id: 'tracker_request:r2', document: null },
      { id: 'tracker_request:gone', document: null },
      {
        id: 'tracker_request:r3',
        document: toSearchDocument('tracker_request', request({ id: 'r3', title: 'Receipts' })),
      },
    ]);

    expect(unchanged).toBe(0);
    expect(changed).toBe(3);
    expect(querySearchIndex(index, 'dashboard', ['feature'])).toEqual([]);
    expect(querySearchIndex(index, 'night theme', ['feature'])[0]).toMatchObject({
      id: 'feature:f1',
      status: 'completed',
    });
    expect(querySearchIndex(index, 'receipts', ['tracker_request']).map((hit) => hit.id)).toEqual([
      'tracker_request:r3',
    ]);
    expect(index.documentCount).toBe(4);
  });

  it('survives a snapshot round trip, and a snapshot of another format is not loaded', () => {
    const index = createSearchIndex(documents);

    const loaded = parseSearchIndex(serializeSearchIndex(index));

    expect(loaded?.documentCount).toBe(4);
    expect(querySearchIndex(loaded!, 'dashbord', ['feature']).map((hit) => hit.id)).toEqual([
      'feature:f1',
    ]);
    expect(parseSearchIndex(JSON.stringify({ format: 0, index: {} }))).toBeUndefined();
  });
});

describe("a list's hits", () => {
  const documents: SearchDocument[] = [
    toSearchDocument('tracker_request', request()),
    toSearchDocument(
      'tracker_request',
      request({ id: 'r2', title: 'Printable receipts', description: 'Export to PDF', tags: [] }),
    ),
    toSearchDocument(
      'tracker_request',
      request({ id: 'r3', title: 'Invoices in the dark theme', description: '', tags: [] }),
    ),
    toSearchDocument('tracker_request', request({ id: 'r4', title: 'Closed', status: 'Closed' })),
  ];
  const index = createSearchIndex(documents);
  const open = (hit: { status: string }) => hit.status === 'Open';
  const found = (q: string, accept: (hit: { status: string }) => boolean = open) => {
    const { hits, match } = listHits(index, q, 'tracker_request', accept);
    return { ids: hits.map((hit) => hit.id.replace('tracker_request:', '')), match };
  };

  it('match every word when any request has them all', () => {
    expect(found('csv exprot')).toEqual({ ids: ['r1'], match: 'all' });
    expect(found('export')).toEqual({ ids: ['r1', 'r2'], match: 'all' });
  });

  it('fall back to the best partial matches, those matching more words first, filters applied', () => {
    // r1 has "invoices", "csv" and "export"; r2 only "export"; r3 only "invoices".
    const partial = found('invoices csv exprot zebra');

    expect(partial.match).toBe('some');
    expect(partial.ids[0]).toBe('r1');
    expect(partial.ids.slice(1).sort()).toEqual(['r2', 'r3']);
    // The Closed request shares "export" (a tag) but the status filter keeps it out.
    expect(found('exprot zebra', () => true).ids).toContain('r4');
    expect(found('exprot zebra').ids).not.toContain('r4');
    expect(found('exprot zebra', (hit) => hit.status === 'Closed')).toEqual({
      ids: ['r4'],
      match: 'some',
    });
  });

  it('answer an empty full match when no word matches, one word or only function words do', () => {
    expect(found('zebra quokka')).toEqual({ ids: [], match: 'all' });
    expect(found('zebra')).toEqual({ ids: [], match: 'all' });
    // "the" is in r3's title, but a request sharing only "the" is no match.
    expect(found('the zebra')).toEqual({ ids: [], match: 'all' });
  });

  it('go on through the result the first page came from', () => {
    // A later page of partial matches stays partial, one of full matches stays full.
    expect(listHits(index, 'csv exprot', 'tracker_request', open, 'some').match).toBe('some');
    expect(
      listHits(index, 'csv exprot', 'tracker_request', open, 'some').hits.map((hit) => hit.id),
    ).toContain('tracker_request:r2');
    expect(listHits(index, 'exprot zebra', 'tracker_request', open, 'all')).toEqual({
      hits: [],
      match: 'all',
    });
  });
});

describe('search cursors', () => {
  it('carry an offset of one search and refuse any other cursor', () => {
    const mine = searchFingerprint(['feature', 'dark', null, false]);
    const other = searchFingerprint(['feature', 'dark', null, true]);
    const cursor = encodeSearchCursor(mine, 20);

    expect(decodeSearchCursor(cursor, mine)).toEqual({ offset: 20, match: 'all' });
    expect(decodeSearchCursor(undefined, mine)).toEqual({ offset: 0, match: undefined });
    // Partial matches page on as partial matches.
    expect(decodeSearchCursor(encodeSearchCursor(mine, 40, 'some'), mine)).toEqual({
      offset: 40,
      match: 'some',
    });
    const badMatch = Buffer.from(JSON.stringify({ search: mine, offset: 1, match: 'any' }));
    expect(() => decodeSearchCursor(badMatch.toString('base64url'), mine)).toThrow(ValidationError);
    expect(() => decodeSearchCursor(cursor, other)).toThrow(ValidationError);
    expect(() => decodeSearchCursor('zzz', mine)).toThrow(ValidationError);
    expect(() => decodeSearchCursor(encodeSearchCursor(mine, -1), mine)).toThrow(ValidationError);
    const listCursor = Buffer.from('{"PK":"FEATURE#1"}').toString('base64url');
    expect(() => decodeSearchCursor(listCursor, mine)).toThrow(ValidationError);
  });
});

describe('snapshot stores', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('a folder: versions change with each write, stale writers get a conflict', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'search-store-'));
    dirs.push(dir);
    const store = fileSnapshotStore(join(dir, 'search'));

    expect(await store.read()).toBeNull();
    const first = await store.write('{"a":1}', null);
    expect(first).not.toBe('conflict');
    expect(await store.write('{"a":2}', null)).toBe('conflict');
    expect(await store.read(first as string)).toBe('unchanged');
    const second = await store.write('{"a":3}', first as string);
    expect(await store.write('{"a":4}', first as string)).toBe('conflict');
    expect(await store.read(first as string)).toEqual({ body: '{"a":3}', version: second });
    const forced = await store.write('{"a":5}', undefined);
    expect(await store.read()).toEqual({ body: '{"a":5}', version: forced });
    expect(readdirSync(join(dir, 'search'))).toEqual(['index.json']);
  });

  it('S3: conditional GET and PUT with the ETag', async () => {
    const calls: string[] = [];
    let stored: { body: string; etag: string } | undefined;
    const answer = (status: number, etag?: string, body = ''): S3Answer => ({ status, etag, body });
    const fake: S3Object = {
      get: (key, ifNoneMatch) => {
        calls.push(`GET ${key} ${ifNoneMatch ?? '-'}`);
        if (!stored) return Promise.resolve(answer(404));
        if (ifNoneMatch === stored.etag) return Promise.resolve(answer(304, stored.etag));
        return Promise.resolve(answer(200, stored.etag, stored.body));
      },
      put: (key, body, ifMatch) => {
        calls.push(`PUT ${key} ${ifMatch === null ? '*' : (ifMatch ?? '-')}`);
        if (ifMatch === null ? stored !== undefined : ifMatch && ifMatch !== stored?.etag) {
          return Promise.resolve(answer(412));
        }
        stored = { body, etag: `"e${calls.length}"` };
        return Promise.resolve(answer(200, stored.etag));
      },
    };
    const store = s3SnapshotStore('bucket', fake);

    expect(await store.read()).toBeNull();
    const first = await store.write('one', null);
    expect(await store.write('two', null)).toBe('conflict');
    expect(await store.read(first as string)).toBe('unchanged');
    expect(await store.write('three', '"stale"')).toBe('conflict');
    const third = await store.write('three', first as string);
    expect(await store.read()).toEqual({ body: 'three', version: third });
    expect(calls).toEqual([
      'GET search/index.json -',
      'PUT search/index.json *',
      'PUT search/index.json *',
      'GET search/index.json "e2"',
      'PUT search/index.json "stale"',
      'PUT search/index.json "e2"',
      'GET search/index.json -',
    ]);
  });
});
