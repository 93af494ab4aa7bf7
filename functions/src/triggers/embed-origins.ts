// The KeyValueStore API is signed with SigV4A only; this registers the SDK's JavaScript signer
// (the other one, @aws-sdk/signature-v4-crt, is a native addon).
// https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/kvs-with-functions-kvp.html
import '@aws-sdk/signature-v4a';
import {
  CloudFrontKeyValueStoreClient,
  ConflictException,
  DescribeKeyValueStoreCommand,
  GetKeyCommand,
  ListKeysCommand,
  ResourceNotFoundException,
  UpdateKeysCommand,
} from '@aws-sdk/client-cloudfront-keyvaluestore';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { EMBED_LIMITS, parseEmbedOrigin, projectSlug } from '@hatchworks/shared/embed';
import type { Project } from '@hatchworks/shared/schemas/projects';
import { logger } from '../lib/logger';
import {
  findProjectByEmbedKey,
  getProject,
  listAllProjects,
} from '../modules/projects/projects-repository';
import { projectKeys } from '../modules/table/keys';
import { TABLE_DEFINITION } from '../modules/table/table-definition';

/**
 * Keeps CloudFront's KeyValueStore of panel origins in step with the projects: each key a panel
 * answers to (`/embed/<slug>`, `/embed/<id>`) holds the origins that may frame it, joined by
 * spaces, and is absent when there are none. The viewer-response function of `/embed/*` reads it
 * (infra/aws/constructs/embed-panel-functions.ts).
 *
 * The table's stream carries keys only, so nothing says what a project was before a change: the
 * store itself records the slug it published for each project (`slug:<id>`, a key no panel path
 * can name), and a renamed slug's key is set to whichever project holds it now, or removed.
 * Every value is computed from the table as it is now, so a record that comes again, late or out
 * of order writes nothing wrong.
 */

/** The store's own record of the slug published for a project. */
export const publishedSlugKey = (projectId: string): string => `slug:${projectId}`;

/** What the sync needs of the KeyValueStore. */
export interface OriginsStore {
  /** The store's current version: a write names it and fails if another write came first. */
  etag(): Promise<string>;
  /** A key's value, or undefined when the key is absent. */
  get(key: string): Promise<string | undefined>;
  /** Every key and its value. */
  list(): Promise<Map<string, string>>;
  /** Puts and deletes in one all-or-nothing write; answers the store's new version. */
  update(
    etag: string,
    puts: readonly { key: string; value: string }[],
    deletes: readonly string[],
  ): Promise<string>;
}

/** What the sync reads of the projects. */
export interface ProjectSource {
  /** A project as it is now (consistent read), or undefined once deleted. */
  get(id: string): Promise<Project | undefined>;
  /** The project a panel key names, by the local server's rule (the first in list order). */
  byEmbedKey(key: string): Promise<Project | undefined>;
  /** Every project, in list order. */
  all(): Promise<Project[]>;
}

/** Thrown by `OriginsStore.update` when the store changed since the version it names. */
export const isStoreConflict = (error: unknown): boolean => error instanceof ConflictException;

/** Optimistic attempts of one project's write racing another invocation's. */
const WRITE_ATTEMPTS = 5;
/** The API documents no limit on one call's keys; a resync writes them in requests this big. */
const KEYS_PER_UPDATE = 50;

/**
 * What a project's keys hold: its origins as browsers send them, duplicates and invalid entries
 * dropped (the API checked them on the way in; this keeps a hand-edited item from breaking the
 * header), at most `EMBED_LIMITS.origins` of at most `originLength` characters, so the value
 * fits the store's 1 KB; undefined when none are left.
 */
export function originsValue(project: Project | undefined): string | undefined {
  const origins: string[] = [];
  for (const entry of project?.embed_origins ?? []) {
    const parsed = parseEmbedOrigin(entry);
    if (!('origin' in parsed) || parsed.origin.length > EMBED_LIMITS.originLength) continue;
    if (!origins.includes(parsed.origin)) origins.push(parsed.origin);
  }
  return origins.length > 0 ? origins.slice(0, EMBED_LIMITS.origins).join(' ') : undefined;
}

const PROJECT_ITEM = projectKeys.item('');

/** The project a stream record is about, or undefined for any other item. */
export function projectIdOf(record: DynamoDBRecord): string | undefined {
  const keys = record.dynamodb?.Keys;
  const partition = keys?.[TABLE_DEFINITION.partitionKey]?.S ?? '';
  const sort = keys?.[TABLE_DEFINITION.sortKey]?.S;
  if (sort !== PROJECT_ITEM.SK || !partition.startsWith(PROJECT_ITEM.PK)) return undefined;
  return partition.slice(PROJECT_ITEM.PK.length) || undefined;
}

const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * 100 * 2 ** attempt));

/** The sync over a store and the projects (the handler's real ones, or a test's fakes). */
export function embedOriginsSync(store: OriginsStore, projects: ProjectSource) {
  /** A slug's project now: the listed one (read again, consistently), or this one. */
  async function ownerOf(slug: string, id: string, current: Project | undefined) {
    const found = await projects.byEmbedKey(slug);
    const listed = found && found.id !== id ? await projects.get(found.id) : undefined;
    return [listed, current].find((project) => project && projectSlug(project) === slug);
  }

  /** Writes what one project's keys should hold, retrying when another write came first. */
  async function syncProject(id: string): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      // The version is taken before anything is read: a write between the reads and ours fails.
      const etag = await store.etag();
      const current = await projects.get(id);
      const slug = current ? projectSlug(current) : undefined;
      const recorded = await store.get(publishedSlugKey(id));
      // Only ever a slug this function wrote; anything else names no key of this project's.
      const published =
        recorded && projectSlug({ path: `/apps/${recorded}/` }) === recorded ? recorded : undefined;
      const wanted = new Map<string, string | undefined>([
        [id, originsValue(current)],
        [publishedSlugKey(id), slug],
      ]);
      for (const key of new Set([slug, published])) {
        if (key) wanted.set(key, originsValue(await ownerOf(key, id, current)));
      }
      const puts: { key: string; value: string }[] = [];
      const deletes: string[] = [];
      for (const [key, value] of wanted) {
        const stored = key === publishedSlugKey(id) ? recorded : await store.get(key);
        if (value === undefined && stored !== undefined) deletes.push(key);
        if (value !== undefined && value !== stored) puts.push({ key, value });
      }
      if (puts.length === 0 && deletes.length === 0) return;
      try {
        await store.update(etag, puts, deletes);
        logger.info('embed origins published', { projectId: id, puts: puts.length, deletes });
        return;
      } catch (error) {
        if (!isStoreConflict(error) || attempt >= WRITE_ATTEMPTS) throw error;
        await pause(attempt);
      }
    }
  }

  return {
    syncProject,

    /**
     * Syncs each project a batch names once, in stream order, and answers every record of a
     * project that failed (Lambda retries from the lowest and parks what keeps failing).
     */
    async handleStream(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
      const failed = new Set<string>();
      const ids = new Set(event.Records.map(projectIdOf).filter((id) => id !== undefined));
      for (const id of ids) {
        try {
          await syncProject(id);
        } catch (error) {
          logger.error('embed origins not published', { projectId: id, error });
          failed.add(id);
        }
      }
      return {
        batchItemFailures: event.Records.filter((record) => {
          const id = projectIdOf(record);
          return id !== undefined && failed.has(id);
        }).map((record) => ({ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' })),
      };
    },

    /**
     * Rewrites the whole store from the table: after a restore of the table, a new store, or
     * whenever it is in doubt (infra/aws/README.md, "The feedback panel"). A slug two projects
     * claim goes to the first in list order, as the local server does.
     */
    async resync(): Promise<{ puts: number; deletes: number }> {
      for (let attempt = 1; ; attempt += 1) {
        let etag = await store.etag();
        const wanted = new Map<string, string>();
        const claimed = new Set<string>();
        for (const project of await projects.all()) {
          const value = originsValue(project);
          const slug = projectSlug(project);
          if (value) wanted.set(project.id, value);
          if (!slug) continue;
          wanted.set(publishedSlugKey(project.id), slug);
          if (claimed.has(slug)) continue;
          claimed.add(slug);
          if (value) wanted.set(slug, value);
        }
        const stored = await store.list();
        const puts = [...wanted]
          .filter(([key, value]) => stored.get(key) !== value)
          .map(([key, value]) => ({ key, value }));
        const deletes = [...stored.keys()].filter((key) => !wanted.has(key));
        try {
          for (let start = 0; start < Math.max(puts.length, deletes.length);) {
            etag = await store.update(
              etag,
              puts.slice(start, start + KEYS_PER_UPDATE),
              deletes.slice(start, start + KEYS_PER_UPDATE),
            );
            start += KEYS_PER_UPDATE;
          }
          logger.info('embed origins resynced', { puts: puts.length, deletes: deletes.length });
          return { puts: puts.length, deletes: deletes.length };
        } catch (error) {
          if (!isStoreConflict(error) || attempt >= WRITE_ATTEMPTS) throw error;
          await pause(attempt);
        }
      }
    },
  };
}

/** The KeyValueStore behind `arn`, through the SDK's client. */
export function keyValueStore(client: CloudFrontKeyValueStoreClient, arn: string): OriginsStore {
  return {
    async etag() {
      const { ETag } = await client.send(new DescribeKeyValueStoreCommand({ KvsARN: arn }));
      if (!ETag) throw new Error('DescribeKeyValueStore answered no ETag');
      return ETag;
    },
    async get(key) {
      try {
        return (await client.send(new GetKeyCommand({ KvsARN: arn, Key: key }))).Value;
      } catch (error) {
        if (error instanceof ResourceNotFoundException) return undefined;
        throw error;
      }
    },
    async list() {
      const items = new Map<string, string>();
      let NextToken: string | undefined;
      do {
        const page = await client.send(new ListKeysCommand({ KvsARN: arn, NextToken }));
        for (const item of page.Items ?? []) {
          if (item.Key !== undefined) items.set(item.Key, item.Value ?? '');
        }
        NextToken = page.NextToken;
      } while (NextToken);
      return items;
    },
    async update(etag, puts, deletes) {
      const { ETag } = await client.send(
        new UpdateKeysCommand({
          KvsARN: arn,
          IfMatch: etag,
          Puts: puts.map(({ key, value }) => ({ Key: key, Value: value })),
          Deletes: deletes.map((key) => ({ Key: key })),
        }),
      );
      if (!ETag) throw new Error('UpdateKeys answered no ETag');
      return ETag;
    },
  };
}

/** The store this function keeps, named by the stack. */
export const KVS_ARN_ENV = 'EMBED_ORIGINS_KVS_ARN';

const client = new CloudFrontKeyValueStoreClient({});

/** A manual invocation that rewrites the whole store (`{"resync": true}`). */
export interface ResyncRequest {
  readonly resync: true;
}

/**
 * Fed the table stream's changes of project items (the event source mapping's filter), or
 * invoked by hand with `{"resync": true}`.
 */
export async function handler(
  event: DynamoDBStreamEvent | ResyncRequest,
): Promise<DynamoDBBatchResponse | { puts: number; deletes: number }> {
  const arn = process.env[KVS_ARN_ENV];
  if (!arn) throw new Error(`${KVS_ARN_ENV} is not set`);
  const sync = embedOriginsSync(keyValueStore(client, arn), {
    get: getProject,
    byEmbedKey: findProjectByEmbedKey,
    all: listAllProjects,
  });
  return 'resync' in event ? sync.resync() : sync.handleStream(event);
}
