import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RuntimeConfig } from '@hatchworks/shared/schemas/runtime-config';
import { startDynamoDbLocal, type RunningDynamoDb } from './dynamodb-local';
import { startIdentityProvider } from './idp/identity-provider';
import { API_AUDIENCE, IDP_PATH, siteOrigins } from './idp/settings';
import { keyEnvironment, loadOrCreateLocalKeys, type LocalKeys } from './keys';
import { LocalStackError } from './local-error';
import { MAILBOX_PATH, mailboxHandler } from './mail-pages';
import { startMailSink, type RunningMailSink } from './mail-sink';
import { demoBuilds } from './demo-builds';
import { PROJECT_BUILDS_ROOT } from './paths';
import { DEMO_PROJECTS } from './seed-data';
import { productAccounts } from './product-accounts';
import { seedDemoAccounts } from './seed-accounts';
import { seedDemoFeatures } from './seed-features';
import { seedDemoTracker } from './seed-tracker';
import { startServer, type RunningServer } from './server';
import { startStreamPoller, type StreamPoller } from './stream-poller';
import { ensureTable } from './table';
import { sendUnsigned } from './unsigned-requests';

/** The table writes of the SDK, by command name (document client and low-level client alike). */
const WRITE_COMMAND = /^(Put|Update|Delete|TransactWrite|BatchWrite)/;

export interface LocalStackOptions {
  /** Port of the site; 0 picks a free one. */
  readonly port: number;
  /** Where DynamoDB Local persists; in memory when absent. */
  readonly dataDir?: string;
  readonly webRoot: string;
  /** The published project builds (`apps/`); the seeded projects' demo builds fill the gaps. */
  readonly projectBuildsRoot?: string;
  readonly tableName: string;
  /** The runtime config; its `auth` is replaced by the local identity provider's. */
  readonly config: RuntimeConfig;
  /** Where the local identity provider keeps people, keys and sessions; in memory when absent. */
  readonly idpDataDir?: string;
  /** Where the functions' keys are kept (`.data/keys.json`); fresh ones in memory when absent. */
  readonly keysFile?: string;
  /** The functions' keys to use instead (a test stack shares them with its tests). */
  readonly keys?: LocalKeys;
  /** Extra environment for the handlers (e.g. login limits in tests). */
  readonly functionEnv?: Readonly<Record<string, string>>;
  /**
   * Seed demo activity too on the first run (`npm start`): feature requests with egg votes and a
   * refund, and the public tracker's requests, suggestions and votes. Off by default, so tests and
   * the bench start without them.
   */
  readonly demoData?: boolean;
  /**
   * Where the search index's snapshot is kept (`SEARCH_SNAPSHOT_DIR` of every function):
   * `npm start` keeps it in its data folder; a temporary folder, removed at stop, when absent.
   */
  readonly searchDir?: string;
}

export interface LocalStack {
  readonly url: string;
  /** The local identity provider's issuer, `${url}/idp`. */
  readonly issuer: string;
  readonly dynamoEndpoint: string;
  readonly tableName: string;
  /** Whether this start wrote the demo seed (first run) or found it already there. */
  readonly seeded: boolean;
  /** The mail sink's SMTP server (loopback), where the handlers deliver every mail. */
  readonly smtp: { readonly host: string; readonly port: number };
  /** The page of caught mails, `${url}/_mail` (JSON at `/_mail/messages.json`). */
  readonly mailboxUrl: string;
  stop(): Promise<void>;
}

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Fails with the one-line port message before anything slow starts. */
async function assertPortFree(port: number): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new LocalStackError(
              `Port ${port} is already in use: stop what is using it or choose another, e.g. PORT=${port + 1} npm start.`,
            )
          : error,
      ),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

/** The sender of the local stack's mails. */
export const LOCAL_MAIL_FROM = 'Hatchworks <no-reply@hatchworks.local>';

/**
 * Starts everything on one machine: DynamoDB Local, the table from the table definition, the
 * demo seed (first run only), the local identity provider, the mail sink and the one-port server
 * of SPA, `/apps/*` (project builds), `/config.json`, `/idp/*`, `/_mail` and `/api/*`.
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  // The lockfile pins SDK versions that support Node 20; its notice about future versions is noise.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  // Request logs are structured JSON for CloudWatch; locally only warnings show unless asked for.
  process.env.LOG_LEVEL ??= 'WARN';
  await assertPortFree(options.port);
  let dynamo: RunningDynamoDb;
  try {
    dynamo = await startDynamoDbLocal({
      port: await freePort(),
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    });
  } catch (error) {
    if (error instanceof LocalStackError || !options.dataDir) throw error;
    throw new LocalStackError(
      `The local database in ${options.dataDir} could not be opened by DynamoDB Local; move or delete that folder to start with fresh demo data.`,
      { cause: error },
    );
  }
  let server: RunningServer | undefined;
  let mail: RunningMailSink | undefined;
  let poller: StreamPoller | undefined;
  let searchTemp: string | undefined;
  let stopDeliveries = () => {};
  const removeSearchTemp = () => {
    if (searchTemp) rmSync(searchTemp, { recursive: true, force: true });
  };
  try {
    // Listening first: the issuer URL contains the port, which port 0 settles only now. The
    // server answers 503 until everything below is ready.
    server = await startServer({
      port: options.port,
      webRoot: options.webRoot,
      projectBuilds: {
        root: options.projectBuildsRoot ?? PROJECT_BUILDS_ROOT,
        demo: demoBuilds(DEMO_PROJECTS),
      },
    });
    const idp = await startIdentityProvider({
      siteUrl: server.url,
      ...(options.idpDataDir ? { dataDir: options.idpDataDir } : {}),
      // The demo accounts are product accounts: they sign in there with the product's password.
      product: productAccounts(),
    });
    mail = await startMailSink();

    // The handlers read their configuration from the environment, as on Lambda. It is read once
    // per process, so all of it is set before the first handler runs (the seed below).
    process.env.TABLE_NAME = options.tableName;
    process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
    process.env.AWS_REGION ??= 'us-east-1';
    process.env.POWERTOOLS_DEV ??= 'false';
    Object.assign(
      process.env,
      keyEnvironment(options.keys ?? loadOrCreateLocalKeys(options.keysFile)),
    );
    // No CloudFront in front: the origin lock stays open, and the gateway drops the headers only
    // CloudFront may set (so `clientIp` keys on the socket address).
    delete process.env.ORIGIN_VERIFY_SECRET;
    delete process.env.ORIGIN_VERIFY_SECRET_ARN;
    process.env.AUTH_ISSUER = idp.issuer;
    process.env.AUTH_AUDIENCE = API_AUDIENCE;
    process.env.MAIL_TRANSPORT = 'smtp';
    process.env.SMTP_HOST = mail.host;
    process.env.SMTP_PORT = String(mail.port);
    process.env.MAIL_FROM = LOCAL_MAIL_FROM;
    process.env.SITE_URL = server.url;
    // The site answers on both loopback names: a mail links to the one its request came from.
    process.env.SITE_ORIGINS = siteOrigins(server.url).join(',');
    process.env.SEARCH_SNAPSHOT_DIR =
      options.searchDir ?? (searchTemp = mkdtempSync(join(tmpdir(), 'hatchworks-search-')));
    Object.assign(process.env, options.functionEnv ?? {});

    await ensureTable(dynamo.client, options.tableName);
    const { seedProjectsOnce } =
      await import('@hatchworks/functions/modules/projects/seed-repository');
    const seeded = await seedProjectsOnce('demo-projects', DEMO_PROJECTS);
    await seedDemoAccounts();
    await idp.carryOverOwnPeople();
    if (seeded && options.demoData) {
      await seedDemoFeatures();
      await seedDemoTracker();
    }
    // The search index's snapshot, rebuilt from the table (fresh or persisted) at every
    // start; the stream keeps it up to date from here on.
    const { rebuildSearchSnapshot } =
      await import('@hatchworks/functions/modules/search/search-service');
    await rebuildSearchSnapshot();
    // The table stream's one function, fed as the event source mapping feeds it on AWS (the same
    // filters, batches and retries), so the local stack runs the AWS path.
    const { TABLE_STREAM_FILTERS } = await import('../../shared/table-stream-filters');
    poller = await startStreamPoller({
      dynamo: dynamo.client,
      endpoint: dynamo.endpoint,
      tableName: options.tableName,
      consumers: [
        {
          name: 'table-stream',
          filter: TABLE_STREAM_FILTERS,
          handler: async () =>
            (await import('@hatchworks/functions/triggers/table-stream')).handler,
        },
      ],
    });
    // Webhook deliveries: SQS on AWS; here a timer runs each job when it is due, in this process.
    const { setLocalDeliveryQueue } = await import('@hatchworks/functions/modules/webhooks/queue');
    const { runDeliveryJob } = await import('@hatchworks/functions/modules/webhooks/delivery');
    const deliveryTimers = new Set<NodeJS.Timeout>();
    setLocalDeliveryQueue((job, delaySeconds) => {
      const timer = setTimeout(() => {
        deliveryTimers.delete(timer);
        runDeliveryJob(job).catch((error: unknown) =>
          console.error('A webhook delivery failed to run', error),
        );
      }, delaySeconds * 1000);
      deliveryTimers.add(timer);
    });
    stopDeliveries = () => {
      setLocalDeliveryQueue(undefined);
      for (const timer of deliveryTimers) clearTimeout(timer);
    };
    // The functions' own client tells the poller of each write, so the stream's concerns (mail,
    // notifications, search) run at once, not after the poller's pause. Writes from elsewhere (the
    // admin command, a test's data layer) are read after a pause of at most a second.
    const { db } = await import('@hatchworks/functions/modules/table/client');
    sendUnsigned(db);
    const stream = poller;
    db.middlewareStack.add(
      (next, context) => async (args) => {
        try {
          return await next(args);
        } finally {
          if (WRITE_COMMAND.test(context.commandName ?? '')) stream.nudge();
        }
      },
      { step: 'initialize', name: 'localStreamNudge' },
    );
    const { findProjectByEmbedKey } =
      await import('@hatchworks/functions/modules/projects/projects-repository');
    server.serve({
      config: { ...options.config, auth: idp.auth },
      mounts: [{ prefix: IDP_PATH, handle: idp.handle }, mailboxHandler(mail)],
      embedOrigins: async (key) => (await findProjectByEmbedKey(key))?.embed_origins ?? [],
    });
    const running = server;
    const sink = mail;
    return {
      url: running.url,
      issuer: idp.issuer,
      dynamoEndpoint: dynamo.endpoint,
      tableName: options.tableName,
      seeded,
      smtp: { host: sink.host, port: sink.port },
      mailboxUrl: `${running.url}${MAILBOX_PATH}`,
      stop: async () => {
        stopDeliveries();
        await running.close();
        await stream.stop();
        await sink.stop();
        await dynamo.stop();
        removeSearchTemp();
      },
    };
  } catch (error) {
    await server?.close();
    await poller?.stop();
    await mail?.stop();
    await dynamo.stop();
    removeSearchTemp();
    throw error;
  }
}
