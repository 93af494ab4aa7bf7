import MiniSearch, { type Options, type Query } from 'minisearch';
import type { SubjectType } from '@hatchworks/shared/schemas/subjects';
import type { SearchDocument, StoredSearchFields } from './documents';

export type SearchIndex = MiniSearch<SearchDocument>;

/**
 * The index's settings: title, description and tags are searched (title boosted 3,
 * tags 2), typo-tolerant (fuzzy 0.2: one edit in 3–7 letters, two in 8–12) and the last word by
 * prefix (the word being typed); the filter fields are stored beside each hit. A snapshot is loaded with the same
 * settings (functions cannot be serialised), so they live here once.
 */
const OPTIONS: Options<SearchDocument> = {
  idField: 'id',
  fields: ['title', 'description', 'tags'],
  storeFields: [
    'type',
    'status',
    'project_id',
    'category',
    'priority',
    'group',
    'created_at',
    'digest',
  ] satisfies (keyof StoredSearchFields)[],
  extractField: (document, field) => {
    const value = (document as unknown as Record<string, unknown>)[field];
    return Array.isArray(value) ? value.join(' ') : (value as string);
  },
  searchOptions: {
    boost: { title: 3, tags: 2 },
    // Typos: none in words of 1–2 letters (every short word would match), else 0.2 of the length.
    fuzzy: (term) => (term.length > 2 ? 0.2 : false),
    // Prefix: the last word only, the one being typed (every word would multiply the work).
    prefix: (_term, index, terms) => index === terms.length - 1,
  },
  // The writer vacuums before it stores a snapshot (see `patchSearchIndex`); readers never discard.
  autoVacuum: false,
};

/** The snapshot's format: bump it when `OPTIONS` or `SearchDocument` change. */
export const SNAPSHOT_FORMAT = 1;

interface SnapshotBody {
  readonly format: number;
  readonly written_at: string;
  readonly index: ReturnType<SearchIndex['toJSON']>;
}

export function createSearchIndex(documents: readonly SearchDocument[] = []): SearchIndex {
  const index = new MiniSearch<SearchDocument>(OPTIONS);
  index.addAll(documents as SearchDocument[]);
  return index;
}

/** The snapshot of an index, as stored (JSON text). */
export function serializeSearchIndex(index: SearchIndex, now = new Date()): string {
  const body: SnapshotBody = {
    format: SNAPSHOT_FORMAT,
    written_at: now.toISOString(),
    index: index.toJSON(),
  };
  return JSON.stringify(body);
}

/** The index of a stored snapshot, or undefined when it is of another format (rebuild it). */
export function parseSearchIndex(text: string): SearchIndex | undefined {
  const body = JSON.parse(text) as Partial<SnapshotBody>;
  if (body.format !== SNAPSHOT_FORMAT || !body.index) return undefined;
  return MiniSearch.loadJS<SearchDocument>(body.index, OPTIONS);
}

/** A change of one subject: its new document, or null when it is gone (or not indexable). */
export interface SearchChange {
  readonly id: string;
  readonly document: SearchDocument | null;
}

/**
 * Applies changes to an index: a gone subject is discarded, a new or changed one (re)added, an
 * unchanged one (same digest: a vote changes no searchable field) left alone. Answers how many
 * documents changed; nothing needs storing when none did.
 */
export async function patchSearchIndex(
  index: SearchIndex,
  changes: readonly SearchChange[],
): Promise<number> {
  let changed = 0;
  for (const { id, document } of changes) {
    const stored = index.getStoredFields(id) as StoredSearchFields | undefined;
    if (!document) {
      if (index.has(id)) {
        index.discard(id);
        changed += 1;
      }
      continue;
    }
    if (stored?.digest === document.digest) continue;
    if (index.has(id)) index.replace(document);
    else index.add(document);
    changed += 1;
  }
  // Discarded documents leave their terms behind until a vacuum; keep the snapshot lean.
  if (index.dirtCount > 0 && index.dirtFactor > 0.1) {
    await index.vacuum({ batchSize: 100_000, batchWait: 0 });
  }
  return changed;
}

/**
 * The words a swap of two adjacent letters turns `term` into ("exprot" → "export"): MiniSearch's
 * fuzzy match counts a swap as two edits (Levenshtein), so a short word's transposition would
 * miss; these variants make it one typo (Damerau–Levenshtein distance 1). None for words of 1–2
 * letters, as for typos; a swap of two equal letters is the word itself and left out.
 */
export function transpositionsOf(term: string): string[] {
  if (term.length < 3) return [];
  const variants = new Set<string>();
  for (let i = 0; i < term.length - 1; i += 1) {
    if (term[i] === term[i + 1]) continue;
    variants.add(term.slice(0, i) + term[i + 1] + term[i] + term.slice(i + 2));
  }
  return [...variants];
}

const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];
const processTerm = MiniSearch.getDefault('processTerm') as (term: string) => string | null;

/** The words of `text` as the index keeps them (split and lower-cased by MiniSearch's defaults). */
export function searchWords(text: string): string[] {
  return tokenize(text)
    .map((word) => processTerm(word))
    .filter((term): term is string => !!term);
}

/**
 * The query tree of `query`: each word as typed (typo-tolerant, the last one also as a prefix)
 * or any of its transpositions (exact), the words combined with `combineWith`.
 */
export function expandQuery(query: string, combineWith: 'AND' | 'OR'): Query {
  const terms = searchWords(query);
  return {
    combineWith,
    queries: terms.map((term, position) => ({
      combineWith: 'OR',
      queries: [
        {
          queries: [term],
          fuzzy: term.length > 2 ? 0.2 : false,
          prefix: position === terms.length - 1,
        },
        { queries: transpositionsOf(term), fuzzy: false, prefix: false },
      ],
    })),
  };
}

/** One hit: the subject and its stored fields, best first. */
export interface SearchHit extends StoredSearchFields {
  readonly id: string;
  readonly score: number;
}

/**
 * The documents of these kinds matching `query`, best first, those `accept` refuses left out
 * (filters and visibility on the stored fields). 'AND' (the lists' search) wants every word, each
 * typo-tolerant (a transposition is one typo, see `expandQuery`) and the last as a prefix; 'OR'
 * (similar titles) any of them.
 */
export function querySearchIndex(
  index: SearchIndex,
  query: string,
  types: readonly SubjectType[],
  accept: (hit: StoredSearchFields) => boolean = () => true,
  combineWith: 'AND' | 'OR' = 'AND',
): SearchHit[] {
  const results = index.search(expandQuery(query, combineWith), {
    filter: (result) => {
      const fields = result as unknown as StoredSearchFields;
      return types.includes(fields.type) && accept(fields);
    },
  });
  return results as unknown as SearchHit[];
}
