import { performance } from 'node:perf_hooks';
import type { AuthResult } from '@hatchworks/shared/schemas/users';
import type { Feature } from '@hatchworks/shared/schemas/features';
import type { Project } from '@hatchworks/shared/schemas/projects';
import { DEMO_ACCOUNTS } from '../infra/local/src/seed-accounts';
import { REQUEST_HEADER, type DynamoDbMeter, type RequestUsage } from './dynamodb-meter';
import type { BenchOptions } from './options';

/** One measured request. */
export interface Sample {
  readonly route: string;
  readonly status: number;
  readonly ms: number;
  readonly usage: RequestUsage;
}

interface Answer<T> {
  readonly status: number;
  readonly body: { success: boolean; data: T; error?: string };
}

/** The bench's HTTP client: real requests to the local stack, each tagged for the meter. */
export class Client {
  private sequence = 0;
  readonly samples: Sample[] = [];
  /** Whether requests are being measured (false during setup). */
  measuring = false;

  constructor(
    private readonly baseUrl: string,
    private readonly meter: DynamoDbMeter,
  ) {}

  async call<T>(
    route: string,
    path: string,
    init: { method?: string; token?: string; json?: unknown } = {},
  ): Promise<Answer<T>> {
    const tag = String((this.sequence += 1));
    const started = performance.now();
    const response = await fetch(`${this.baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        [REQUEST_HEADER]: tag,
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
    });
    const body = (await response.json()) as Answer<T>['body'];
    const ms = performance.now() - started;
    const usage = this.meter.take(tag);
    if (this.measuring) this.samples.push({ route, status: response.status, ms, usage });
    return { status: response.status, body };
  }

  /** A call that must succeed (setup). */
  async expect<T>(
    status: number,
    route: string,
    path: string,
    init: Parameters<Client['call']>[2] = {},
  ): Promise<T> {
    const answer = await this.call<T>(route, path, init);
    if (answer.status !== status) {
      throw new Error(`${route} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    }
    return answer.body.data;
  }
}

/** A small seeded PRNG (mulberry32), so a seed repeats the same mix of requests. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface BenchUser {
  readonly id: string;
  readonly token: string;
}

export interface Setup {
  readonly admin: BenchUser;
  readonly project: Project;
  readonly users: readonly BenchUser[];
  readonly features: readonly Feature[];
}

/** Runs `task` for each item with at most `limit` at a time. */
async function inBatches<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += limit) {
    results.push(...(await Promise.all(items.slice(start, start + limit).map(task))));
  }
  return results;
}

const featureInput = (projectId: string, title: string) => ({
  title,
  description: 'Made by npm run bench to measure the feature request system under load.',
  feature_type: 'enhancement',
  project_id: projectId,
  tags: ['bench'],
});

/**
 * The demo admin signs in and makes a project; `users` accounts are created (500 welcome eggs
 * each); the first few users each request a feature, which the admin approves.
 */
export async function setUp(client: Client, options: BenchOptions, runId: string): Promise<Setup> {
  const demoAdmin = DEMO_ACCOUNTS[0];
  const login = await client.expect<AuthResult>(200, 'POST /api/auth/login', '/api/auth/login', {
    method: 'POST',
    json: { email: demoAdmin.email, password: demoAdmin.password },
  });
  const admin = { id: login.user.id, token: login.token };
  const project = await client.expect<Project>(201, 'POST /api/projects', '/api/projects', {
    method: 'POST',
    token: admin.token,
    json: { title: `Bench ${runId}`, group_name: 'Benchmarks', show_on_homepage: false },
  });
  // Users are made by the repository call that creates verified accounts (welcome eggs through
  // the ledger, once per person) with one shared password hash: registering over HTTP would
  // hit the per-client sign-up limit, and hashing 50 passwords would only slow the setup down.
  const { createUser } = await import('@hatchworks/functions/modules/accounts/user-creation');
  const { personHashes } = await import('@hatchworks/functions/lib/identity-hash');
  const { hashPassword } = await import('@hatchworks/functions/modules/accounts/passwords');
  const { signOwnToken } = await import('@hatchworks/functions/lib/tokens');
  const passwordHash = await hashPassword('bench-password-1');
  const indexes = Array.from({ length: options.users }, (_, index) => index);
  const users = await inBatches(indexes, 10, async (index) => {
    const email = `bench-${runId}-${index}@example.test`;
    const outcome = await createUser({
      email,
      username: `bench_${index + 1}`,
      displayName: `Bench User ${index + 1}`,
      isVerified: true,
      persons: await personHashes({ email }),
      passwordHash,
      makeUsernameUnique: true,
    });
    if (!outcome.created) throw new Error(`bench user ${index} was not created`);
    return { id: outcome.user.id, token: await signOwnToken(outcome.user) };
  });
  const authors = Array.from(
    { length: options.features },
    (_, index) => users[index % users.length] as BenchUser,
  );
  const features = await inBatches(authors, 8, async (author) => {
    const created = await client.expect<Feature>(201, 'POST /api/features', '/api/features', {
      method: 'POST',
      token: author.token,
      json: featureInput(project.id, `Bench target ${runId}`),
    });
    return client.expect<Feature>(
      200,
      'POST /api/admin/features/{id}/approve',
      `/api/admin/features/${created.id}/approve`,
      { method: 'POST', token: admin.token, json: { notes: 'Bench target' } },
    );
  });
  return { admin, project, users, features };
}

/** The mix of the measured phase: mostly votes, then claims, reads and some creations. */
const MIX = [
  { weight: 60, name: 'vote' },
  { weight: 15, name: 'list' },
  { weight: 10, name: 'claim' },
  { weight: 10, name: 'profile' },
  { weight: 5, name: 'create' },
] as const;
type Operation = (typeof MIX)[number]['name'];

function pick(next: () => number, options: BenchOptions): Operation {
  if (options.scenario !== 'mixed') return 'vote';
  let roll = next() * MIX.reduce((total, each) => total + each.weight, 0);
  for (const each of MIX) {
    roll -= each.weight;
    if (roll < 0) return each.name;
  }
  return 'vote';
}

/**
 * The measured phase: every user keeps `inFlight` requests going until the time or the request
 * budget runs out. In the mixed scenario each user first sends two daily claims at once (only one
 * may pay).
 */
export async function run(
  client: Client,
  setup: Setup,
  options: BenchOptions,
): Promise<{ seconds: number }> {
  const next = random(options.seed);
  const deadline = performance.now() + options.seconds * 1000;
  let budget = options.operations ?? Number.POSITIVE_INFINITY;
  const more = () => {
    if (options.operations === undefined) return performance.now() < deadline;
    budget -= 1;
    return budget >= 0;
  };
  let created = 0;

  const perform = async (user: BenchUser, operation: Operation) => {
    switch (operation) {
      case 'vote': {
        const feature = setup.features[Math.floor(next() * setup.features.length)];
        await client.call('POST /api/features/vote', '/api/features/vote', {
          method: 'POST',
          token: user.token,
          // Hot: small votes, so 500 welcome eggs last the whole run.
          json: {
            feature_id: feature?.id,
            eggs_allocated: 1 + Math.floor(next() * (options.scenario === 'mixed' ? 10 : 3)),
          },
        });
        return;
      }
      case 'list':
        await client.call('GET /api/features', '/api/features?status=approved&limit=50');
        return;
      case 'claim':
        await client.call('POST /api/user/claim-daily-eggs', '/api/user/claim-daily-eggs', {
          method: 'POST',
          token: user.token,
        });
        return;
      case 'profile':
        await client.call('GET /api/user/profile', '/api/user/profile', { token: user.token });
        return;
      case 'create':
        created += 1;
        await client.call('POST /api/features', '/api/features', {
          method: 'POST',
          token: user.token,
          json: featureInput(setup.project.id, `Bench request ${created}`),
        });
        return;
    }
  };

  client.measuring = true;
  const started = performance.now();
  if (options.scenario === 'burst') {
    // Every user votes at the same moment; the next round starts once all are answered.
    while (more()) await Promise.all(setup.users.map((user) => perform(user, 'vote')));
    client.measuring = false;
    return { seconds: (performance.now() - started) / 1000 };
  }
  await Promise.all(
    setup.users.map(async (user) => {
      // Hot: nothing but votes on the one request.
      if (options.scenario === 'mixed') {
        await Promise.all(Array.from({ length: 2 }, () => perform(user, 'claim')));
      }
      await Promise.all(
        Array.from({ length: options.inFlight }, async () => {
          while (more()) await perform(user, pick(next, options));
        }),
      );
    }),
  );
  client.measuring = false;
  return { seconds: (performance.now() - started) / 1000 };
}
