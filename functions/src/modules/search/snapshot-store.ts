import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { s3Object, type S3Object } from './s3-object';
import { SNAPSHOT_FILE, SNAPSHOT_KEY } from './snapshot-names';

export { SNAPSHOT_FILE, SNAPSHOT_KEY } from './snapshot-names';

/** A stored snapshot and its version (S3: the ETag; a file: its inode, mtime and size). */
export interface Snapshot {
  readonly body: string;
  readonly version: string;
}

/**
 * Where the search index's snapshot lives: an S3 object on AWS, a file locally.
 * Readers ask for it only when it is newer than the version they hold; the writer stores it on
 * the condition that it is still the version it patched.
 */
export interface SnapshotStore {
  /** The snapshot; 'unchanged' when it is still `knownVersion`; null when there is none. */
  read(knownVersion?: string | null): Promise<Snapshot | 'unchanged' | null>;
  /**
   * Stores `body` if the stored version is still `expected` (null: only if there is none;
   * undefined: whatever is there) and answers the new version, or 'conflict'.
   */
  write(body: string, expected: string | null | undefined): Promise<string | 'conflict'>;
}

/**
 * The local store: one file in `dir`, replaced whole by writing a temporary file and renaming it
 * (readers never see half a snapshot). One process writes it (the local stack's stream poller);
 * its writes are queued one after the other, so the version check and the rename cannot interleave.
 */
export function fileSnapshotStore(dir: string): SnapshotStore {
  const path = join(dir, SNAPSHOT_FILE);
  let queue: Promise<unknown> = Promise.resolve();

  async function currentVersion(): Promise<string | null> {
    try {
      const info = await stat(path, { bigint: true });
      return `${info.ino}:${info.mtimeNs}:${info.size}`;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  return {
    async read(knownVersion) {
      const version = await currentVersion();
      if (version === null) return null;
      if (version === knownVersion) return 'unchanged';
      try {
        return { body: await readFile(path, 'utf8'), version };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    write(body, expected) {
      const run = queue.then(async () => {
        if (expected !== undefined && (await currentVersion()) !== expected) return 'conflict';
        await mkdir(dir, { recursive: true });
        const temporary = join(dir, `.${SNAPSHOT_FILE}.${randomUUID()}`);
        try {
          await writeFile(temporary, body);
          await rename(temporary, path);
        } catch (error) {
          await rm(temporary, { force: true });
          throw error;
        }
        return (await currentVersion()) ?? 'conflict';
      });
      queue = run.catch(() => undefined);
      return run;
    },
  };
}

/**
 * The AWS store: `search/index.json` in the snapshot bucket. A reader's check is a GET with
 * `If-None-Match` (304 costs no transfer); the writer's PUT carries `If-Match` (or
 * `If-None-Match: *` for the first), so two writers never overwrite each other's patch.
 */
export function s3SnapshotStore(
  bucket: string,
  object: S3Object = s3Object(bucket),
): SnapshotStore {
  return {
    async read(knownVersion) {
      const answer = await object.get(SNAPSHOT_KEY, knownVersion ?? undefined);
      if (answer.status === 404) return null;
      if (answer.status === 304) return 'unchanged';
      if (answer.status !== 200 || !answer.etag) {
        throw new Error(`Reading the search snapshot failed: S3 answered ${answer.status}`);
      }
      return { body: answer.body, version: answer.etag };
    },
    async write(body, expected) {
      const answer = await object.put(SNAPSHOT_KEY, body, expected);
      // 412: the condition failed; 409: another conditional write of the key was in flight.
      if (answer.status === 412 || answer.status === 409) return 'conflict';
      if (answer.status !== 200 || !answer.etag) {
        throw new Error(`Writing the search snapshot failed: S3 answered ${answer.status}`);
      }
      return answer.etag;
    },
  };
}
