import { Readable } from 'node:stream';
import {
  CloudFrontKeyValueStoreClient,
  ConflictException,
} from '@aws-sdk/client-cloudfront-keyvaluestore';
import type { DynamoDBRecord } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { embedKeyOf, EMBED_LIMITS } from '@hatchworks/shared/embed';
import type { Project } from '@hatchworks/shared/schemas/projects';
import {
  embedOriginsSync,
  keyValueStore,
  KVS_ARN_ENV,
  originsValue,
  projectIdOf,
  publishedSlugKey,
  type OriginsStore,
  type ProjectSource,
} from '../../src/triggers/embed-origins';

const A = '01HXAAAAAAAAAAAAAAAAAAAAAA';
const B = '01HXBBBBBBBBBBBBBBBBBBBBBB';

const project = (id: string, fields: Partial<Project> = {}): Project => ({
  id,
  title: `Project ${id}`,
  group_name: 'Games',
  show_on_homepage: true,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...fields,
});

/** The table's projects, in list order. */
function fakeProjects(initial: Project[] = []) {
  const list = [...initial];
  const source: ProjectSource = {
    get: (id) => Promise.resolve(list.find((each) => each.id === id)),
    byEmbedKey: (key) =>
      Promise.resolve(
        list.find((each) => each.id === key || each.path?.replace(/^\/apps\/|\/$/g, '') === key),
      ),
    all: () => Promise.resolve([...list]),
  };
  return {
    source,
    put(next: Project) {
      const index = list.findIndex((each) => each.id === next.id);
      if (index === -1) list.push(next);
      else list[index] = next;
    },
    remove(id: string) {
      list.splice(
        list.findIndex((each) => each.id === id),
        1,
      );
    },
  };
}

/** A KeyValueStore in memory: writes name its version, and `conflicts` writes fail first. */
function fakeStore(initial: Record<string, string> = {}) {
  const keys = new Map(Object.entries(initial));
  let version = 1;
  const state = { conflicts: 0, writes: 0 };
  const store: OriginsStore = {
    etag: () => Promise.resolve(`v${version}`),
    get: (key) => Promise.resolve(keys.get(key)),
    list: () => Promise.resolve(new Map(keys)),
    update(etag, puts, deletes) {
      if (state.conflicts > 0 || etag !== `v${version}`) {
        state.conflicts = Math.max(0, state.conflicts - 1);
        // Another writer came first.
        version += 1;
        return Promise.reject(new ConflictException({ message: 'Conflict', $metadata: {} }));
      }
      for (const { key, value } of puts) keys.set(key, value);
      for (const key of deletes) keys.delete(key);
      state.writes += 1;
      version += 1;
      return Promise.resolve(`v${version}`);
    },
  };
  return { store, keys, state, contents: () => Object.fromEntries([...keys].sort()) };
}

const record = (
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE',
  PK: string,
  SK: string,
  sequence: string,
): DynamoDBRecord => ({
  eventName,
  dynamodb: { Keys: { PK: { S: PK }, SK: { S: SK } }, SequenceNumber: sequence },
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the origins a panel key holds', () => {
  it('joins the origins by single spaces, as browsers send them', () => {
    expect(
      originsValue(
        project(A, { embed_origins: ['https://yolk.example.com/', 'http://localhost:5173'] }),
      ),
    ).toBe('https://yolk.example.com http://localhost:5173');
  });

  it('drops what is no origin and what comes twice, and keeps at most the limit', () => {
    // Prepare
    const many = Array.from({ length: 10 }, (_, index) => `https://site${index}.example.com`);
    // Act
    const value = originsValue(
      project(A, {
        embed_origins: [
          "https://a.example.com; script-src 'unsafe-inline'",
          'http://plain.example.com',
          'https://a.example.com',
          'https://a.example.com/',
          ...many,
        ],
      }),
    );
    // Assess
    expect(value?.split(' ')).toEqual(
      ['https://a.example.com', ...many].slice(0, EMBED_LIMITS.origins),
    );
  });

  it.each([
    ['no origins', project(A)],
    ['an empty list', project(A, { embed_origins: [] })],
    ['only invalid entries', project(A, { embed_origins: ['*', 'ftp://files.example.com'] })],
    ['no project', undefined],
  ])('is absent for %s', (_case, given) => {
    expect(originsValue(given)).toBeUndefined();
  });
});

describe('the stream records of the embed origins', () => {
  it.each([
    [record('INSERT', `PROJECT#${A}`, 'PROJECT', '1'), A],
    [record('REMOVE', `PROJECT#${A}`, 'PROJECT', '1'), A],
    [record('INSERT', `PROJECT#${A}`, 'FEATURE#f1', '1'), undefined],
    [record('MODIFY', 'PROJECT_GROUP#games', 'PROJECT', '1'), undefined],
    [record('MODIFY', 'COUNTER', 'PROJECTS', '1'), undefined],
  ])('name the project of %j: %s', (given, id) => {
    expect(projectIdOf(given)).toBe(id);
  });

  it('find the store in the environment the stack sets', () => {
    expect(KVS_ARN_ENV).toBe('EMBED_ORIGINS_KVS_ARN');
  });

  it('keep their record of a published slug under a key no panel path can name', () => {
    expect(embedKeyOf(`/embed/${encodeURIComponent(publishedSlugKey(A))}`)).toBeUndefined();
  });
});

describe("a project's sync", () => {
  const yolk = (fields: Partial<Project> = {}) =>
    project(A, {
      path: '/apps/yolk-runner/',
      embed_origins: ['https://yolk.example.com'],
      ...fields,
    });

  it('publishes its origins under its slug and its id, and records the slug', async () => {
    // Prepare
    const projects = fakeProjects([yolk()]);
    const kvs = fakeStore();
    // Act
    await embedOriginsSync(kvs.store, projects.source).syncProject(A);
    // Assess
    expect(kvs.contents()).toEqual({
      [A]: 'https://yolk.example.com',
      [publishedSlugKey(A)]: 'yolk-runner',
      'yolk-runner': 'https://yolk.example.com',
    });
  });

  it('publishes a project without a slug under its id alone', async () => {
    // Prepare
    const projects = fakeProjects([
      project(A, { path: 'https://elsewhere.example.com', embed_origins: ['https://x.example'] }),
    ]);
    const kvs = fakeStore();
    // Act
    await embedOriginsSync(kvs.store, projects.source).syncProject(A);
    // Assess
    expect(kvs.contents()).toEqual({ [A]: 'https://x.example' });
  });

  it('deletes its keys once its list is empty, keeping the record of its slug', async () => {
    // Prepare
    const projects = fakeProjects([yolk({ embed_origins: [] })]);
    const kvs = fakeStore({
      [A]: 'https://yolk.example.com',
      [publishedSlugKey(A)]: 'yolk-runner',
      'yolk-runner': 'https://yolk.example.com',
    });
    // Act
    await embedOriginsSync(kvs.store, projects.source).syncProject(A);
    // Assess
    expect(kvs.contents()).toEqual({ [publishedSlugKey(A)]: 'yolk-runner' });
  });

  it("moves its origins to a renamed slug and deletes the old slug's key", async () => {
    // Prepare
    const projects = fakeProjects([yolk({ path: '/apps/yolk-racer/' })]);
    const kvs = fakeStore({
      [A]: 'https://yolk.example.com',
      [publishedSlugKey(A)]: 'yolk-runner',
      'yolk-runner': 'https://yolk.example.com',
    });
    // Act
    await embedOriginsSync(kvs.store, projects.source).syncProject(A);
    // Assess
    expect(kvs.contents()).toEqual({
      [A]: 'https://yolk.example.com',
      [publishedSlugKey(A)]: 'yolk-racer',
      'yolk-racer': 'https://yolk.example.com',
    });
  });

  it('gives an old slug another project now holds that project’s origins', async () => {
    // Prepare: B took the slug A left (B's own record may come first or later).
    const projects = fakeProjects([
      yolk({ path: '/apps/yolk-racer/' }),
      project(B, { path: '/apps/yolk-runner/', embed_origins: ['https://b.example.com'] }),
    ]);
    const kvs = fakeStore({
      [A]: 'https://yolk.example.com',
      [publishedSlugKey(A)]: 'yolk-runner',
      'yolk-runner': 'https://yolk.example.com',
    });
    // Act
    await embedOriginsSync(kvs.store, projects.source).syncProject(A);
    // Assess
    expect(kvs.contents()['yolk-runner']).toBe('https://b.example.com');
  });

  it('leaves a slug two projects claim to the first in list order, as the local server does', async () => {
    // Prepare
    const projects = fakeProjects([
      project(B, { path: '/apps/yolk-runner/', embed_origins: ['https://b.example.com'] }),
      yolk(),
    ]);
    const kvs = fakeStore();
    // Act
    await embedOriginsSync(kvs.store, projects.source).syncProject(A);
    // Assess
    expect(kvs.contents()['yolk-runner']).toBe('https://b.example.com');
    expect(kvs.contents()[A]).toBe('https://yolk.example.com');
  });

  it('deletes every key of a deleted project', async () => {
    // Prepare
    const projects = fakeProjects([]);
    const kvs = fakeStore({
      [A]: 'https://yolk.example.com',
      [publishedSlugKey(A)]: 'yolk-runner',
      'yolk-runner': 'https://yolk.example.com',
      other: 'https://other.example.com',
    });
    // Act
    await embedOriginsSync(kvs.store, projects.source).syncProject(A);
    // Assess
    expect(kvs.contents()).toEqual({ other: 'https://other.example.com' });
  });

  it("never takes a record of its slug that is no slug for another project's key", async () => {
    // Prepare
    const projects = fakeProjects([
      yolk({ embed_origins: [] }),
      project(B, { embed_origins: ['https://b.example.com'] }),
    ]);
    const kvs = fakeStore({ [publishedSlugKey(A)]: B, [B]: 'https://b.example.com' });
    // Act
    await embedOriginsSync(kvs.store, projects.source).syncProject(A);
    // Assess
    expect(kvs.contents()).toEqual({
      [B]: 'https://b.example.com',
      [publishedSlugKey(A)]: 'yolk-runner',
    });
  });

  it('writes nothing for a record that comes again', async () => {
    // Prepare
    const projects = fakeProjects([yolk()]);
    const kvs = fakeStore();
    const sync = embedOriginsSync(kvs.store, projects.source);
    await sync.syncProject(A);
    // Act
    await sync.syncProject(A);
    // Assess
    expect(kvs.state.writes).toBe(1);
  });

  it('reads again and retries when another write changed the store first', async () => {
    // Prepare
    const projects = fakeProjects([yolk()]);
    const kvs = fakeStore();
    kvs.state.conflicts = 1;
    // Act
    await embedOriginsSync(kvs.store, projects.source).syncProject(A);
    // Assess
    expect(kvs.contents()[A]).toBe('https://yolk.example.com');
    expect(kvs.state.writes).toBe(1);
  });

  it('gives up after five conflicts in a row', async () => {
    // Prepare
    vi.useFakeTimers();
    const projects = fakeProjects([yolk()]);
    const kvs = fakeStore();
    kvs.state.conflicts = 5;
    // Act
    const outcome = embedOriginsSync(kvs.store, projects.source)
      .syncProject(A)
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    await vi.runAllTimersAsync();
    // Assess
    expect(await outcome).toBeInstanceOf(ConflictException);
    expect(kvs.state.writes).toBe(0);
  });
});

describe('a batch of stream records', () => {
  it('reports every record of a project that failed, and none of the others', async () => {
    // Prepare
    const projects = fakeProjects([
      project(A, { embed_origins: ['https://a.example.com'] }),
      project(B, { embed_origins: ['https://b.example.com'] }),
    ]);
    const kvs = fakeStore();
    const failing: OriginsStore = {
      ...kvs.store,
      update: (etag, puts, deletes) =>
        puts.some((put) => put.key === B)
          ? Promise.reject(new Error('AccessDenied'))
          : kvs.store.update(etag, puts, deletes),
    };
    // Act
    const answer = await embedOriginsSync(failing, projects.source).handleStream({
      Records: [
        record('INSERT', `PROJECT#${B}`, 'PROJECT', '1'),
        record('INSERT', `PROJECT#${A}`, 'PROJECT', '2'),
        record('MODIFY', 'COUNTER', 'PROJECTS', '3'),
        record('MODIFY', `PROJECT#${B}`, 'PROJECT', '4'),
      ],
    });
    // Assess
    expect(answer.batchItemFailures).toEqual([{ itemIdentifier: '1' }, { itemIdentifier: '4' }]);
    expect(kvs.contents()).toEqual({ [A]: 'https://a.example.com' });
  });

  it('syncs a project named twice in a batch once', async () => {
    // Prepare
    const projects = fakeProjects([project(A, { embed_origins: ['https://a.example.com'] })]);
    const kvs = fakeStore();
    const reads = vi.spyOn(projects.source, 'get');
    // Act
    const answer = await embedOriginsSync(kvs.store, projects.source).handleStream({
      Records: [
        record('INSERT', `PROJECT#${A}`, 'PROJECT', '1'),
        record('MODIFY', `PROJECT#${A}`, 'PROJECT', '2'),
      ],
    });
    // Assess
    expect(answer.batchItemFailures).toEqual([]);
    expect(reads).toHaveBeenCalledTimes(1);
  });
});

describe('a resync of the whole store', () => {
  it('rewrites it from the table: every key the projects want, nothing else', async () => {
    // Prepare
    const projects = fakeProjects([
      project(A, { path: '/apps/yolk-runner/', embed_origins: ['https://a.example.com'] }),
      project(B, { path: '/apps/yolk-runner/', embed_origins: ['https://b.example.com'] }),
    ]);
    const kvs = fakeStore({
      'old-slug': 'https://gone.example.com',
      [A]: 'https://stale.example.com',
    });
    // Act
    const counts = await embedOriginsSync(kvs.store, projects.source).resync();
    // Assess
    expect(kvs.contents()).toEqual({
      [A]: 'https://a.example.com',
      [B]: 'https://b.example.com',
      [publishedSlugKey(A)]: 'yolk-runner',
      [publishedSlugKey(B)]: 'yolk-runner',
      'yolk-runner': 'https://a.example.com',
    });
    expect(counts).toEqual({ puts: 5, deletes: 1 });
  });

  it('writes many keys in several requests, each naming the version the last one left', async () => {
    // Prepare
    const projects = fakeProjects(
      Array.from({ length: 60 }, (_, index) =>
        project(`01HX${String(index).padStart(22, '0')}`, {
          embed_origins: ['https://a.example.com'],
        }),
      ),
    );
    const kvs = fakeStore();
    // Act
    await embedOriginsSync(kvs.store, projects.source).resync();
    // Assess
    expect(kvs.keys.size).toBe(60);
    expect(kvs.state.writes).toBe(2);
  });
});

describe('the KeyValueStore behind the sync', () => {
  const ARN =
    'arn:aws:cloudfront::123456789012:key-value-store/a1b2c3d4-5678-90ab-cdef-EXAMPLE11111';

  interface Sent {
    readonly method: string;
    readonly host: string;
    readonly path: string;
    readonly headers: Record<string, string>;
    readonly body: unknown;
  }

  /** A client whose requests are answered in turn by `answers`, without a network. */
  function clientAnswering(
    answers: { status: number; headers?: Record<string, string>; body?: unknown }[],
  ) {
    const sent: Sent[] = [];
    const client = new CloudFrontKeyValueStoreClient({
      region: 'eu-west-1',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
      maxAttempts: 1,
      requestHandler: {
        handle: (request: {
          method: string;
          hostname: string;
          path: string;
          headers: Record<string, string>;
          body?: string | Uint8Array;
        }) => {
          sent.push({
            method: request.method,
            host: request.hostname,
            path: decodeURIComponent(request.path),
            headers: request.headers,
            body:
              request.body === undefined
                ? undefined
                : (JSON.parse(
                    typeof request.body === 'string'
                      ? request.body
                      : new TextDecoder().decode(request.body),
                  ) as unknown),
          });
          const answer = answers.shift() ?? { status: 500 };
          return Promise.resolve({
            response: {
              statusCode: answer.status,
              headers: { 'content-type': 'application/json', ...answer.headers },
              body: Readable.from([Buffer.from(JSON.stringify(answer.body ?? {}))]),
            },
          });
        },
      },
    });
    return { store: keyValueStore(client, ARN), sent };
  }

  it("signs its requests with SigV4A, the only scheme the store's API takes", async () => {
    // Prepare
    const { store, sent } = clientAnswering([{ status: 200, headers: { etag: 'E1' } }]);
    // Act
    const etag = await store.etag();
    // Assess
    expect(etag).toBe('E1');
    expect(sent[0]?.host).toBe('123456789012.cloudfront-kvs.global.api.aws');
    expect(sent[0]?.headers.authorization).toMatch(/^AWS4-ECDSA-P256-SHA256 /);
    expect(sent[0]?.headers['x-amz-region-set']).toBe('*');
  });

  it('reads a key the store does not hold as absent', async () => {
    // Prepare
    const { store } = clientAnswering([
      {
        status: 404,
        headers: { 'x-amzn-errortype': 'ResourceNotFoundException' },
        body: { Message: 'Key not found' },
      },
      { status: 200, body: { Key: 'yolk-runner', Value: 'https://yolk.example.com' } },
    ]);
    // Act
    const missing = await store.get('egg-drop');
    const found = await store.get('yolk-runner');
    // Assess
    expect(missing).toBeUndefined();
    expect(found).toBe('https://yolk.example.com');
  });

  it('writes puts and deletes in one UpdateKeys naming the version, and answers the next one', async () => {
    // Prepare
    const { store, sent } = clientAnswering([{ status: 200, headers: { etag: 'E2' } }]);
    // Act
    const next = await store.update(
      'E1',
      [{ key: 'yolk-runner', value: 'https://yolk.example.com' }],
      ['old-slug'],
    );
    // Assess
    expect(next).toBe('E2');
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: `/key-value-stores/${ARN}/keys`,
      headers: { 'if-match': 'E1' },
      body: {
        Puts: [{ Key: 'yolk-runner', Value: 'https://yolk.example.com' }],
        Deletes: [{ Key: 'old-slug' }],
      },
    });
  });

  it('takes a refused version as a conflict to retry', async () => {
    // Prepare
    const { store } = clientAnswering([
      {
        status: 409,
        headers: { 'x-amzn-errortype': 'ConflictException' },
        body: { Message: 'Resource is not in expected state.' },
      },
    ]);
    // Act
    const error = await store.update('E0', [], ['x']).catch((caught: unknown) => caught);
    // Assess
    expect(error).toBeInstanceOf(ConflictException);
  });
});
