import { env } from '../../lib/env';
import { logger } from '../../lib/logger';
import { documentId, toSearchDocument, type SearchSubject } from './documents';
import { readAllSearchDocuments, readSearchSubject } from './rebuild';
import {
  createSearchIndex,
  parseSearchIndex,
  patchSearchIndex,
  serializeSearchIndex,
  type SearchChange,
  type SearchIndex,
} from './search-index';
import { fileSnapshotStore, s3SnapshotStore, type SnapshotStore } from './snapshot-store';

/** A reader looks for a newer snapshot at most this often. */
export const SEARCH_REFRESH_MS = 2_000;
/** Without any snapshot, a reader's in-memory build from the table serves this long. */
const FALLBACK_BUILD_MS = 30_000;
/** The writer's tries when another writer stored a snapshot between its read and its write. */
const WRITE_ATTEMPTS = 8;

let store: SnapshotStore | null | undefined;

/** The configured store: the bucket on AWS, the folder locally, none when neither is set. */
export function searchSnapshotStore(): SnapshotStore | null {
  if (store === undefined) {
    const { SEARCH_SNAPSHOT_BUCKET, SEARCH_SNAPSHOT_DIR } = env();
    store = SEARCH_SNAPSHOT_BUCKET
      ? s3SnapshotStore(SEARCH_SNAPSHOT_BUCKET)
      : SEARCH_SNAPSHOT_DIR
        ? fileSnapshotStore(SEARCH_SNAPSHOT_DIR)
        : null;
  }
  return store;
}

/** Uses another store (tests, the bench). */
export function useSearchSnapshotStore(replacement: SnapshotStore | null): void {
  store = replacement;
  reader = undefined;
  writer = undefined;
}

interface Held {
  readonly index: SearchIndex;
  /** The snapshot's version, null for an in-memory build from the table. */
  readonly version: string | null;
  readonly loadedAt: number;
  checkedAt: number;
}

let reader: Held | undefined;
let refreshing: Promise<Held> | undefined;

async function buildFromTable(): Promise<SearchIndex> {
  return createSearchIndex(await readAllSearchDocuments());
}

async function refreshReader(now: number): Promise<Held> {
  const held = reader;
  const snapshotStore = searchSnapshotStore();
  let snapshot;
  try {
    snapshot = snapshotStore ? await snapshotStore.read(held?.version) : null;
  } catch (error) {
    if (!held) throw error;
    logger.warn('search snapshot not checked; the index in hand serves', { error });
    held.checkedAt = now;
    return held;
  }
  if (snapshot === 'unchanged' && held) {
    held.checkedAt = now;
    return held;
  }
  const index = snapshot && snapshot !== 'unchanged' ? parseSearchIndex(snapshot.body) : undefined;
  if (index && snapshot && snapshot !== 'unchanged') {
    reader = { index, version: snapshot.version, loadedAt: now, checkedAt: now };
    return reader;
  }
  // No snapshot (yet), or one of an older format: build from the table rather than fail.
  if (held && held.version === null && now - held.loadedAt < FALLBACK_BUILD_MS) {
    held.checkedAt = now;
    return held;
  }
  reader = { index: await buildFromTable(), version: null, loadedAt: now, checkedAt: now };
  return reader;
}

/**
 * The index a search reads: the snapshot loaded once per cold start and replaced when a newer one
 * is stored (checked at most every 2 s); an in-memory build from the table while there is none.
 */
export async function currentSearchIndex(now = Date.now()): Promise<SearchIndex> {
  if (reader && now - reader.checkedAt < SEARCH_REFRESH_MS) return reader.index;
  refreshing ??= refreshReader(now).finally(() => {
    refreshing = undefined;
  });
  return (await refreshing).index;
}

/** The writer's copy: the last snapshot it read or stored, patched in place. */
let writer: { index: SearchIndex; version: string } | undefined;

/** The document of each subject as the table holds it now (null: gone). */
async function readChanges(subjects: readonly SearchSubject[]): Promise<SearchChange[]> {
  return Promise.all(
    subjects.map(async (subject) => {
      const item = await readSearchSubject(subject.type, subject.id);
      return {
        id: documentId(subject),
        document: item ? toSearchDocument(subject.type, item) : null,
      };
    }),
  );
}

/**
 * Rebuilds the snapshot from the table and stores it (whatever is there): the local stack at
 * start, and the stream consumer when there is none. Answers the number of documents.
 */
export async function rebuildSearchSnapshot(
  expected: string | null | undefined = undefined,
): Promise<number | 'conflict'> {
  const snapshotStore = searchSnapshotStore();
  if (!snapshotStore) throw new Error('No search snapshot store is configured');
  const index = await buildFromTable();
  const version = await snapshotStore.write(serializeSearchIndex(index), expected);
  if (version === 'conflict') return 'conflict';
  writer = { index, version };
  return index.documentCount;
}

/**
 * Brings the snapshot up to date with these subjects (the stream consumer): reads each one
 * (consistent), patches the snapshot in hand (re-read when another writer stored a newer one) and
 * stores it on the condition that it is still the version patched; a lost race starts again. No
 * snapshot yet: one is built from the table, which already holds these changes.
 */
export async function applySearchChanges(subjects: readonly SearchSubject[]): Promise<number> {
  const snapshotStore = searchSnapshotStore();
  if (!snapshotStore) throw new Error('No search snapshot store is configured');
  const changes = await readChanges(subjects);
  for (let attempt = 1; attempt <= WRITE_ATTEMPTS; attempt += 1) {
    const snapshot = await snapshotStore.read(writer?.version);
    if (snapshot === null) {
      const built = await rebuildSearchSnapshot(null);
      if (built !== 'conflict') return changes.length;
      continue;
    }
    let held = writer;
    if (snapshot !== 'unchanged' || !held) {
      const fresh = snapshot === 'unchanged' ? undefined : snapshot;
      const index = fresh ? parseSearchIndex(fresh.body) : undefined;
      if (!fresh || !index) {
        // Of an older format (or a cache lost without a new version): rebuild over it.
        writer = undefined;
        const built = await rebuildSearchSnapshot(fresh?.version);
        if (built !== 'conflict') return changes.length;
        continue;
      }
      held = { index, version: fresh.version };
    }
    writer = undefined;
    const changed = await patchSearchIndex(held.index, changes);
    if (changed === 0) {
      writer = held;
      return 0;
    }
    const version = await snapshotStore.write(serializeSearchIndex(held.index), held.version);
    if (version === 'conflict') continue;
    writer = { index: held.index, version };
    return changed;
  }
  throw new Error(`The search snapshot kept changing under ${WRITE_ATTEMPTS} patches`);
}
