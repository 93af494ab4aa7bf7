/**
 * Search latency, part of `npm run bench`:
 * - the query function's server time (`querySearchIndex`, what a search adds to a list) over an
 *   index built from 1,000 and 10,000 generated tracker requests, for typical two-word queries and
 *   for misspelled words, p50/p99; a list's search when no request has every word (`listHits`:
 *   the full match that finds nothing, then the partial matches); with the snapshot's size, its
 *   load time (a reader's cold start) and one patch + serialisation (the stream consumer's work
 *   per batch);
 * - an HTTP round trip of `GET /api/tracker/feature-requests?q=` and `GET /api/search/similar`
 *   against the bench's stack holding 1,000 requests (index read, BatchGet of the page, the
 *   caller's votes).
 */
import { performance } from 'node:perf_hooks';
import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TRACKER_CATEGORIES, TRACKER_PRIORITIES } from '@hatchworks/shared/schemas/tracker';
import { percentile } from './report';

const WORDS = (
  'account activity admin alert analytics android api archive audio avatar backup badge banner ' +
  'billing bookmark browser budget button cache calendar camera card cart chart chat checkout ' +
  'client clipboard cloud comment compare contrast cookie coupon crash csv currency cursor ' +
  'dashboard database deadline delete deploy desktop dialog digest discount download draft ' +
  'editor email emoji encryption event export feed filter folder font footer forecast form ' +
  'gallery gesture graph grid header history holiday icon image import inbox invoice keyboard ' +
  'label language layout ledger library license link locale login logout map markdown menu ' +
  'message metric mobile modal monitor navigation network notification offline onboarding ' +
  'order page password payment pdf permission photo picker playlist plugin preview pricing ' +
  'print privacy profile progress project queue quota reader receipt refund reminder report ' +
  'request reset review role roadmap schedule screen search security session settings share ' +
  'shortcut sidebar signup slider snapshot sort spreadsheet status storage stream subscription ' +
  'summary support sync table tablet tag template theme thread timeline timezone toast token ' +
  'toolbar tooltip tracker translation trash tutorial upload usage user video voice wallet ' +
  'webhook widget wishlist workflow workspace zoom'
).split(' ');
const FILLER = 'the a for on with when in to and of so our my it'.split(' ');

/** A small seeded generator (mulberry32), so every run searches the same documents. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Generated {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly tags: string[];
  readonly category: string;
  readonly priority: string;
}

function generate(count: number, seed: number): Generated[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const sentence = (words: number) =>
    Array.from({ length: words }, (_, i) => (i % 3 === 1 ? pick(FILLER) : pick(WORDS))).join(' ');
  return Array.from({ length: count }, (_, i) => ({
    id: `bench${String(i).padStart(6, '0')}`,
    title: sentence(5 + Math.floor(next() * 4)),
    description: sentence(30 + Math.floor(next() * 40)),
    tags: [pick(WORDS), pick(WORDS)],
    category: pick(TRACKER_CATEGORIES),
    priority: pick(TRACKER_PRIORITIES),
  }));
}

/**
 * Two title words of a random request (typical), one long title word with a typo, or the two
 * words and one no request has (partial: the list falls back to the closest matches).
 */
function queries(documents: readonly Generated[], count: number, seed: number) {
  const next = random(seed);
  const typical: string[] = [];
  const misspelled: string[] = [];
  const partial: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const title = documents[Math.floor(next() * documents.length)]!.title.split(' ');
    const words = title.filter((word) => WORDS.includes(word));
    typical.push(words.slice(0, 2).join(' '));
    // Made of letters no vocabulary word starts with, so neither a typo nor the prefix matches.
    partial.push(`${words.slice(0, 2).join(' ')} qx${i.toString(36)}zv`);
    const long = words.find((word) => word.length >= 6) ?? 'dashboard';
    const at = 1 + Math.floor(next() * (long.length - 2));
    misspelled.push(`${long.slice(0, at)}${long[at] === 'x' ? 'z' : 'x'}${long.slice(at + 1)}`);
  }
  return { typical, misspelled, partial };
}

export interface LatencyFigures {
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  /** Hits per query, on average (how much the ranking had to sort). */
  readonly hits?: number;
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;

function figures(times: number[], hits?: number[]): LatencyFigures {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p50: round(percentile(sorted, 0.5)),
    p99: round(percentile(sorted, 0.99)),
    max: round(sorted.at(-1) ?? 0),
    ...(hits ? { hits: Math.round(hits.reduce((sum, each) => sum + each, 0) / hits.length) } : {}),
  };
}

export interface IndexFigures {
  readonly documents: number;
  readonly buildMs: number;
  readonly snapshotKb: number;
  /** Parsing the snapshot into a live index: a reader's cold start and each refresh. */
  readonly loadMs: number;
  /** One document replaced and the snapshot serialised: the stream consumer's work per batch. */
  readonly patchAndSerializeMs: number;
  readonly typical: LatencyFigures;
  readonly misspelled: LatencyFigures;
  /** Typical queries with a status filter applied on the stored fields. */
  readonly filtered: LatencyFigures;
  /** A list's search for two words and one nobody wrote: no full match, the closest ones. */
  readonly partial: LatencyFigures;
}

export interface SearchBench {
  readonly index: readonly IndexFigures[];
  readonly http?: {
    readonly documents: number;
    readonly listSearch: LatencyFigures;
    readonly similar: LatencyFigures;
  };
}

const QUERIES = 500;

async function measureIndex(size: number): Promise<IndexFigures> {
  const { toSearchDocument } = await import('@hatchworks/functions/modules/search/documents');
  const search = await import('@hatchworks/functions/modules/search/search-index');
  const { listHits } = await import('@hatchworks/functions/modules/search/list-hits');
  const generated = generate(size, size);
  const documents = generated.map((each) =>
    toSearchDocument('tracker_request', {
      ...each,
      status: 'Open',
      project_id: null,
      created_at: new Date().toISOString(),
    }),
  );
  let mark = performance.now();
  const index = search.createSearchIndex(documents);
  const buildMs = performance.now() - mark;
  const snapshot = search.serializeSearchIndex(index);
  mark = performance.now();
  const loaded = search.parseSearchIndex(snapshot)!;
  const loadMs = performance.now() - mark;
  const { typical, misspelled, partial } = queries(generated, QUERIES, size + 1);
  const time = (list: readonly string[], accept?: (hit: { status: string }) => boolean) => {
    const times: number[] = [];
    const hits: number[] = [];
    for (const q of list) {
      const start = performance.now();
      const found = search.querySearchIndex(loaded, q, ['tracker_request'], accept);
      // What a list does with the ranking: one page of ids.
      found.slice(0, 50).map((hit) => hit.id);
      times.push(performance.now() - start);
      hits.push(found.length);
    }
    return figures(times, hits);
  };
  const timeList = (list: readonly string[]) => {
    const times: number[] = [];
    const hits: number[] = [];
    for (const q of list) {
      const start = performance.now();
      const found = listHits(loaded, q, 'tracker_request', () => true);
      found.hits.slice(0, 50).map((hit) => hit.id);
      times.push(performance.now() - start);
      if (found.match !== 'some') throw new Error(`"${q}" matched every word`);
      hits.push(found.hits.length);
    }
    return figures(times, hits);
  };
  // Warm the JIT and the heap as a warm Lambda's are (it answers many searches), then measure.
  time(typical);
  time(misspelled);
  timeList(partial);
  const first = documents[0]!;
  mark = performance.now();
  await search.patchSearchIndex(loaded, [
    { id: first.id, document: { ...first, title: `${first.title} edited`, digest: 'changed' } },
  ]);
  search.serializeSearchIndex(loaded);
  const patchAndSerializeMs = performance.now() - mark;
  return {
    documents: size,
    buildMs: Math.round(buildMs),
    snapshotKb: Math.round(Buffer.byteLength(snapshot) / 1024),
    loadMs: Math.round(loadMs),
    patchAndSerializeMs: Math.round(patchAndSerializeMs),
    typical: time(typical),
    misspelled: time(misspelled),
    filtered: time(typical, (hit) => hit.status === 'Open'),
    partial: timeList(partial),
  };
}

/** Puts 1,000 generated requests (and their views) into the stack's table, 25 items a call. */
async function fillTable(db: DynamoDBDocumentClient, tableName: string, docs: Generated[]) {
  const { newRequestItems, newTrackerRequest } =
    await import('@hatchworks/functions/modules/tracker/tracker-requests-repository');
  const items = docs.flatMap((each, i) => {
    const request = {
      ...newTrackerRequest(
        {
          title: each.title,
          description: each.description,
          category: each.category as (typeof TRACKER_CATEGORIES)[number],
          priority: each.priority as (typeof TRACKER_PRIORITIES)[number],
          project_id: null,
          tags: each.tags,
          website: undefined,
        },
        null,
        new Date(Date.now() - i * 1000),
      ),
    };
    return newRequestItems(request, {}, request.id).slice(0, 4);
  });
  for (let start = 0; start < items.length; start += 25) {
    let pending = items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } }));
    while (pending.length > 0) {
      const answer = await db.send(
        new BatchWriteCommand({ RequestItems: { [tableName]: pending } }),
      );
      pending = (answer.UnprocessedItems?.[tableName] ?? []) as typeof pending;
    }
  }
}

async function measureHttp(
  url: string,
  db: DynamoDBDocumentClient,
  tableName: string,
): Promise<SearchBench['http']> {
  const size = 1000;
  const generated = generate(size, 4242);
  await fillTable(db, tableName, generated);
  // The stream consumer patches the snapshot as the items land; a rebuild settles it at once.
  const { rebuildSearchSnapshot } =
    await import('@hatchworks/functions/modules/search/search-service');
  await rebuildSearchSnapshot();
  const { typical } = queries(generated, 200, 99);
  const get = async (path: string) => {
    const start = performance.now();
    const response = await fetch(`${url}${path}`);
    await response.text();
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    return performance.now() - start;
  };
  // Past the reader's refresh interval, so it holds the rebuilt snapshot; then warm up.
  await new Promise((resolve) => setTimeout(resolve, 2_100));
  for (const q of typical.slice(0, 20)) {
    await get(`/api/tracker/feature-requests?q=${encodeURIComponent(q)}&limit=20`);
  }
  const list: number[] = [];
  const similar: number[] = [];
  for (const q of typical) {
    list.push(await get(`/api/tracker/feature-requests?q=${encodeURIComponent(q)}&limit=20`));
    similar.push(await get(`/api/search/similar?type=tracker_request&q=${encodeURIComponent(q)}`));
  }
  return { documents: size, listSearch: figures(list), similar: figures(similar) };
}

/** Runs both parts; the HTTP part after the bench's own workload, against its stack. */
export async function benchSearch(
  url: string,
  db: DynamoDBDocumentClient,
  tableName: string,
): Promise<SearchBench> {
  const index = [await measureIndex(1_000), await measureIndex(10_000)];
  const http = await measureHttp(url, db, tableName);
  return { index, http };
}

export function formatSearch(result: SearchBench): string {
  const ms = (figure: LatencyFigures) =>
    `p50 ${figure.p50.toFixed(2)} ms, p99 ${figure.p99.toFixed(2)} ms` +
    (figure.hits === undefined ? '' : ` (${figure.hits} hits)`);
  const lines = ['Search, the query function in process:'];
  for (const each of result.index) {
    lines.push(
      `  ${each.documents} requests: typical ${ms(each.typical)}; misspelled ${ms(each.misspelled)}; ` +
        `filtered ${ms(each.filtered)}; partial ${ms(each.partial)}`,
      `    snapshot ${each.snapshotKb} KB, built in ${each.buildMs} ms, loaded in ${each.loadMs} ms, ` +
        `one patch + serialise ${each.patchAndSerializeMs} ms`,
    );
  }
  if (result.http) {
    lines.push(
      `  HTTP round trip, ${result.http.documents} requests: list ?q= ${ms(result.http.listSearch)}; ` +
        `similar ${ms(result.http.similar)}`,
    );
  }
  return lines.join('\n');
}
