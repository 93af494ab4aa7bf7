import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DEMO_TRACKER_REQUESTS } from '../src/seed-tracker-data';
import { freePort } from '../src/stack';

const START = fileURLToPath(new URL('../src/start.ts', import.meta.url));
const ADMIN = fileURLToPath(new URL('../src/admin.ts', import.meta.url));
const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const tempDirs: string[] = [];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hatchworks-start-'));
  tempDirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

/** Every `npm start` a test ran; one a failed test left running is stopped before the next. */
const running: ChildProcess[] = [];

afterEach(async () => {
  await Promise.all(
    running.splice(0).map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGINT');
      // Ctrl-C stops DynamoDB Local too; a start that does not stop in time is killed outright.
      const stopped = await Promise.race([
        exited.then(() => true),
        new Promise((done) => setTimeout(() => done(false), 15_000)),
      ]);
      if (!stopped) child.kill('SIGKILL');
    }),
  );
  // A start killed outright leaves its DynamoDB Local behind: stop any on this file's folders.
  for (const dir of tempDirs) spawnSync('pkill', ['-f', dir]);
});

interface Started {
  readonly child: ChildProcess;
  readonly stdout: () => string;
  readonly stderr: () => string;
  readonly exited: Promise<number | null>;
}

/** Runs `npm start`'s entry point (the web bundle is already built by `npm test`). */
function runStart(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', START], {
    cwd: REPO,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

async function waitForOutput(
  started: Started,
  pattern: RegExp,
  // A first start compiles the local stack and hashes the demo passwords: slow on a busy machine.
  timeoutMs = 90_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = pattern.exec(started.stdout());
    if (match) return match[0];
    if (started.child.exitCode !== null) break;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`no ${pattern} in output: ${started.stdout()} ${started.stderr()}`);
}

async function projectCount(url: string): Promise<number> {
  const answer = (await (await fetch(`${url}/api/projects?limit=100`)).json()) as {
    data: { projects: unknown[] };
  };
  return answer.data.projects.length;
}

/** The public tracker's requests, most voted first, as anyone sees them. */
async function trackerRequests(url: string): Promise<{ title: string; votes: number }[]> {
  const answer = (await (await fetch(`${url}/api/tracker/feature-requests?limit=100`)).json()) as {
    data: { feature_requests: { title: string; votes: number }[] };
  };
  return answer.data.feature_requests.map(({ title, votes }) => ({ title, votes }));
}

/** The demo tracker requests with their ups minus downs, most voted first (no ties in the seed). */
function expectedTrackerRequests(): { title: string; votes: number }[] {
  return DEMO_TRACKER_REQUESTS.map(({ input, votes }) => ({
    title: input.title,
    votes: [votes.admin, votes.user, ...(votes.visitors ?? [])].reduce(
      (sum, direction) => sum + (direction === 'up' ? 1 : direction === 'down' ? -1 : 0),
      0,
    ),
  })).sort((a, b) => b.votes - a.votes);
}

/** The `kid` values the local identity provider publishes. */
async function idpKeyIds(url: string): Promise<string[]> {
  const jwks = (await (await fetch(`${url}/idp/jwks`)).json()) as { keys: { kid: string }[] };
  return jwks.keys.map((key) => key.kid);
}

/**
 * Runs the operator command and waits for it without blocking this process: a blocked event loop
 * would miss the server closing an idle keep-alive socket, and the next fetch would reuse it.
 */
function runAdmin(
  dataDir: string,
  args: string[],
): Promise<{ status: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', ADMIN, ...args],
      { cwd: REPO, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8', timeout: 60_000 },
      (error, stdout) => {
        if (error && typeof error.code !== 'number') reject(error);
        else resolve({ status: error ? Number(error.code) : 0, stdout });
      },
    );
  });
}

async function login(
  url: string,
  email: string,
  password: string,
): Promise<{ role?: string; token?: string }> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const answer = (await response.json()) as {
    data?: { user?: { role?: string }; token?: string };
  };
  return { role: answer.data?.user?.role, token: answer.data?.token };
}

const loginRole = async (url: string, email: string, password: string) =>
  (await login(url, email, password)).role;

async function profileStatus(url: string, token: string | undefined): Promise<number> {
  const response = await fetch(`${url}/api/user/profile`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return response.status;
}

/** Java processes still running on the given data folder. */
function javaProcessesFor(dataDir: string): string {
  return spawnSync('pgrep', ['-f', dataDir], { encoding: 'utf8' }).stdout.trim();
}

describe('npm start', () => {
  it('serves the site, keeps its data across a restart, seeds once and stops DynamoDB Local on Ctrl-C', async () => {
    const dataDir = tempDir();
    const port = String(await freePort());
    // The HS256 secret of earlier versions is no longer kept.
    writeFileSync(join(dataDir, 'token-secret'), 'an-old-shared-token-secret-of-32-characters');

    const first = runStart({ DATA_DIR: dataDir, PORT: port });
    const url = await waitForOutput(first, /http:\/\/localhost:\d+/);
    expect(url).toBe(`http://localhost:${port}`);
    expect(first.stdout()).toContain('demo data seeded');
    const seededCount = await projectCount(url);
    expect(seededCount).toBeGreaterThanOrEqual(8);
    const seededRequests = await trackerRequests(url);
    expect(seededRequests).toEqual(expectedTrackerRequests());
    expect(first.stdout()).toContain(`hosted login at ${url}/idp`);
    expect(first.stdout()).toContain(`local mailbox at ${url}/_mail`);
    const mails = await fetch(`${url}/_mail/messages.json`);
    expect(mails.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await mails.json()).toEqual([]);
    const keyIds = await idpKeyIds(url);
    expect(keyIds).toHaveLength(1);
    const { token } = await login(url, 'user@hatchworks.local', 'hatchworks-user');
    expect(statSync(join(dataDir, 'keys.json')).mode & 0o777).toBe(0o600);
    expect(existsSync(join(dataDir, 'token-secret'))).toBe(false);
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    expect(javaProcessesFor(dataDir)).toBe('');

    const second = runStart({ DATA_DIR: dataDir, PORT: port });
    await waitForOutput(second, /http:\/\/localhost:\d+/);
    expect(second.stdout()).toContain('existing data kept');
    expect(await projectCount(url)).toBe(seededCount);
    expect(await trackerRequests(url)).toEqual(seededRequests);
    expect(await idpKeyIds(url)).toEqual(keyIds);
    // The signing key is kept too: a token of the first run still works.
    expect(await profileStatus(url, token)).toBe(200);

    const granted = await runAdmin(dataDir, ['grant', 'user@hatchworks.local']);
    expect(granted.status).toBe(0);
    expect(granted.stdout).toContain('user@hatchworks.local is now an admin.');
    expect(await loginRole(url, 'user@hatchworks.local', 'hatchworks-user')).toBe('admin');

    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
    expect(javaProcessesFor(dataDir)).toBe('');

    // With no stack running, the command opens the data folder itself.
    const revoked = await runAdmin(dataDir, ['revoke', 'user@hatchworks.local']);
    expect(revoked.status).toBe(0);
    expect(revoked.stdout).toContain('user@hatchworks.local is now a regular user.');
    expect(javaProcessesFor(dataDir)).toBe('');

    // The one-off backfill of the tracker votes' merge index: safe to run twice.
    const backfilled = await runAdmin(dataDir, ['backfill-tracker-votes']);
    expect(backfilled.status).toBe(0);
    expect(backfilled.stdout).toMatch(/^\d+ tracker vote\(s\) given their merge index keys\.$/m);
    const again = await runAdmin(dataDir, ['backfill-tracker-votes']);
    expect(again.stdout).toContain('0 tracker vote(s) given their merge index keys.');
    expect(javaProcessesFor(dataDir)).toBe('');
  }, 120_000);

  it('explains a taken port in one line', async () => {
    const blocker: Server = createServer();
    const port = await new Promise<number>((resolve) =>
      blocker.listen(0, '127.0.0.1', () => {
        const address = blocker.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      }),
    );
    try {
      const started = runStart({ DATA_DIR: tempDir(), PORT: String(port) });

      expect(await started.exited).toBe(1);
      expect(started.stderr().trim()).toBe(
        `Error: Port ${port} is already in use: stop what is using it or choose another, e.g. PORT=${port + 1} npm start.`,
      );
    } finally {
      blocker.close();
    }
  }, 60_000);

  it('explains a missing Java runtime in one line', async () => {
    const started = runStart({
      DATA_DIR: tempDir(),
      PORT: String(await freePort()),
      PATH: '/nonexistent',
    });

    expect(await started.exited).toBe(1);
    const lines = started.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Error: Java was not found: .*install a Java 17\+ runtime/);
  }, 60_000);

  it('explains a broken data folder in one line', async () => {
    const notAFolder = join(tempDir(), 'data-file');
    writeFileSync(notAFolder, 'not a folder');

    const started = runStart({ DATA_DIR: notAFolder, PORT: String(await freePort()) });

    expect(await started.exited).toBe(1);
    expect(started.stderr().trim()).toBe(
      `Error: ${notAFolder} is not a folder: move or delete it to start with fresh demo data.`,
    );
  }, 60_000);

  it('explains a data folder DynamoDB Local cannot open in one line', async () => {
    const dataDir = tempDir();
    const dbDir = join(dataDir, 'dynamodb');
    spawnSync('mkdir', ['-p', dbDir]);
    writeFileSync(join(dbDir, 'shared-local-instance.db'), Buffer.alloc(8192, 7));

    const started = runStart({ DATA_DIR: dataDir, PORT: String(await freePort()) });

    expect(await started.exited).toBe(1);
    expect(started.stderr().trim()).toBe(
      `Error: The local database in ${dbDir} could not be opened by DynamoDB Local; move or delete that folder to start with fresh demo data.`,
    );
    expect(javaProcessesFor(dataDir)).toBe('');
  }, 60_000);
});
