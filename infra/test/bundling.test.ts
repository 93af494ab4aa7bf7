import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, routeKey, type RouteDefinition } from '@hatchworks/shared/routes';
import { CREATE_REQUIRE_BANNER } from '../aws/constructs/app-function';
import { REPO_ROOT } from '../aws/paths';
import { describeBreach, packageMeasurements, quotaBreaches } from '../aws/quotas';
import type { BundledSite } from './support/bundle-site';

/** Generous ceiling: init time grows with package size (docs/architecture.md, "Runtime"). */
const MAX_BUNDLE_BYTES = 1.5 * 1024 * 1024;

/** What a function may bundle beyond a bare handler that only uses the document client. */
const MAX_KB_OVER_BARE = 100;

/**
 * Functions over that budget (by construct path), each with the ceiling it may not pass (KB over
 * bare), so the list can only shrink; an entry under budget fails too: delete it then. Why each
 * is over:
 * - The routes that act on a password kept in the Cognito user pool (`passwordStore` in the
 *   manifest) carry the Cognito client (~55 KB: its exception classes and schemas cannot be
 *   shaken apart); no other route does.
 * - The routes that set a username or display name (registration, profile update, hosted sign-up)
 *   refuse staff names by their UTS #39 skeleton, which needs the Unicode confusables table (the
 *   `unhomoglyph` package: ~115 KB as esbuild writes it, its JSON escaped to ASCII).
 * - The lists that search (`q`) and the similar-titles route carry the search library
 *   (MiniSearch, 17 KB minified), the index's loading, refresh and in-memory fallback (~7 KB) and
 *   the English stop words that partial matches and similar titles drop (~1 KB). The index
 *   snapshot's S3 calls are signed requests with the SigV4 signer DynamoDB already bundles, not
 *   the S3 client (~300 KB). The feature list also names its authors by the public-name rule and
 *   reads the caller's own eggs on each request (one batch read).
 * - The merge routes carry the merge's moves, its announcement and the split-out notification on
 *   top of what every chain has: the origin secret read by one signed request (~1.8 KB) and the
 *   visitor's address behind CloudFront (~1.2 KB).
 * - The webhook sender: the Standard Webhooks signer (`standardwebhooks` with its SHA-256 and
 *   base64, ~8 KB) and the address ranges of the connect-time check (`ipaddr.js`, ~13 KB). The
 *   delivery queue's consumer carries it with the SQS client its retries are queued with and the
 *   user list it reads to tell the admins of an endpoint switched off, and reads a merged
 *   request's project (the merge engine's event names none); the webhook test carries it
 *   because it sends while the admin waits.
 * - The table stream's function runs every concern of the stream in one bundle: the SES and SQS
 *   clients, the account mails' links, the notification fan-out and the search index. It serves
 *   no caller, so its cold start (once per idle spell of the stream) delays background work, not
 *   an answer.
 * Every chain parses JSON bodies itself rather than with `@middy/http-json-body-parser` (~2.9 KB
 * with its HTTP status table), and shared schemas a bundle does not need live in modules of their
 * own (a bundle keeps every schema of a module it imports).
 */
const OVER_BUDGET_FOR_NOW: Readonly<Record<string, number>> = {
  'Hatchworks-Prod/Api/ChangePassword': 135.5,
  'Hatchworks-Prod/Api/Login': 121,
  'Hatchworks-Prod/Api/EndSessions': 110,
  'Hatchworks-Prod/TableStream/Function': 192,
  'Hatchworks-Prod/Api/ListTrackerFeatureRequests': 117,
  'Hatchworks-Prod/Api/ListProjectSuggestions': 116,
  'Hatchworks-Prod/Api/SearchSimilar': 107,
  'Hatchworks-Prod/Api/ListFeatures': 106,
  'Hatchworks-Prod/Api/MergeFeature': 101.5,
  'Hatchworks-Prod/Api/UnmergeFeature': 101.5,
  'Hatchworks-Prod/Api/GetFeatureMerge': 101.5,
  'Hatchworks-Prod/Api/Register': 178.5,
  'Hatchworks-Prod/Api/UpdateUserProfile': 190,
  'Hatchworks-Prod/Api/VerifyUser': 213,
  'Hatchworks-Prod/Api/TestWebhook': 108,
  'Hatchworks-Prod/Webhooks/Function': 109,
};

const execFileAsync = promisify(execFile);

/** Bundling every function takes a while on two busy cores. */
const BUNDLE_TIMEOUT_MS = 600_000;

describe('the Lambda bundles (real esbuild run)', () => {
  let site: BundledSite;
  beforeAll(async () => {
    // In a child process: the synchronous bundling would block this worker (see bundle-site.ts).
    // Its PATH starts with support/bin, whose `npx` runs the workspace's esbuild directly.
    const out = join(mkdtempSync(join(tmpdir(), 'hatchworks-bundles-')), 'site.json');
    const bin = join(REPO_ROOT, 'infra', 'test', 'support', 'bin');
    await execFileAsync(
      process.execPath,
      ['--import', 'tsx', join(REPO_ROOT, 'infra', 'test', 'support', 'bundle-site.ts'), out],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` },
        timeout: BUNDLE_TIMEOUT_MS,
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    site = JSON.parse(readFileSync(out, 'utf8')) as BundledSite;
  }, BUNDLE_TIMEOUT_MS);

  /** The staged asset directory of a route's function in the cloud assembly. */
  const bundleDir = (routeId: string): string => {
    const fn = site.functions.find((candidate) => candidate.routeId === routeId);
    if (!fn) throw new Error(`no function for ${routeId}`);
    return fn.assetDir;
  };

  it.each(ROUTES)('bundles $id as minified ESM with its source map', (route) => {
    // Act
    const dir = bundleDir(route.id);
    const code = readFileSync(join(dir, 'index.mjs'), 'utf8');
    // Assess
    expect(code.startsWith(CREATE_REQUIRE_BANNER)).toBe(true);
    expect(existsSync(join(dir, 'index.mjs.map'))).toBe(true);
  });

  it("keeps every function's package within Lambda's package size quotas", () => {
    // Act
    const breaches = quotaBreaches(
      site.functions.flatMap((fn) => packageMeasurements(fn.path, fn.assetDir)),
    );
    // Assess
    expect(site.functions.length).toBeGreaterThan(ROUTES.length);
    expect(breaches.map(describeBreach).join('\n')).toBe('');
  });

  it.each(ROUTES)('bundles the AWS SDK into $id instead of importing the runtime copy', (route) => {
    // Act
    const code = readFileSync(join(bundleDir(route.id), 'index.mjs'), 'utf8');
    // Assess: no ESM import of the SDK is left for the runtime to resolve
    // (a statement starts the line or follows `;`/`}`; SDK error messages quote such imports too).
    expect(code).not.toMatch(/(?:^|[;}])import\s*(?:[^;"'`]*from)?\s*["']@aws-sdk\//m);
  });

  it.each(ROUTES.filter((route) => route.table !== 'none'))(
    'bundles the DynamoDB client into $id, which uses the table',
    (route) => {
      // Act
      const code = readFileSync(join(bundleDir(route.id), 'index.mjs'), 'utf8');
      // Assess: the client's JSON protocol target only exists in its own code.
      expect(code).toContain('DynamoDB_20120810');
    },
  );

  it("bundles the SES client into the table stream's function alone, leaving nodemailer to the local stack", () => {
    // Act
    const code = (fn: BundledSite['functions'][number]) =>
      readFileSync(join(fn.assetDir, 'index.mjs'), 'utf8');
    const withSes = site.functions.filter((fn) => code(fn).includes('/v2/email/outbound-emails'));
    // Assess: SES v2's SendEmail path, and nodemailer only as the import that never runs there.
    expect(withSes.map((fn) => fn.path)).toEqual([
      expect.stringMatching(/\/TableStream\/Function$/),
    ]);
    expect(code(withSes[0]!)).toMatch(/import\(\s*["']nodemailer["']\s*\)/);
  });

  it('bundles the Cognito client into the routes that act on the password store alone', () => {
    // Act: the client's JSON protocol target only exists in its own code.
    const withCognito = ROUTES.filter((route) =>
      readFileSync(join(bundleDir(route.id), 'index.mjs'), 'utf8').includes(
        'AWSCognitoIdentityProviderService',
      ),
    );
    // Assess
    expect(withCognito.map((route) => route.id).sort()).toEqual(
      (ROUTES as readonly RouteDefinition[])
        .filter((route) => route.passwordStore === true)
        .map((route) => route.id)
        .sort(),
    );
  });

  it.each(ROUTES)(
    'compiles the access level of $id into its bundle instead of the route manifest',
    (route) => {
      // Act
      const code = readFileSync(join(bundleDir(route.id), 'index.mjs'), 'utf8');
      const foreign = ROUTES.filter(
        (other) => other.path !== route.path && code.includes(JSON.stringify(other.path)),
      );
      // Assess
      expect(code).toContain(JSON.stringify(routeKey(route)));
      expect(code).toContain(JSON.stringify(route.access));
      expect(foreign.map((other) => other.path)).toEqual([]);
    },
  );

  it.each(ROUTES)('keeps the $id bundle under 1.5 MB', (route) => {
    expect(statSync(join(bundleDir(route.id), 'index.mjs')).size).toBeLessThan(MAX_BUNDLE_BYTES);
  });

  it('keeps every function within 100 KB of a bare document-client handler', () => {
    // Arrange
    const { functions, bareBytes } = site;
    // Act
    const problems = functions.flatMap((fn) => {
      const overKb = (statSync(join(fn.assetDir, 'index.mjs')).size - bareBytes) / 1024;
      const ceiling = OVER_BUDGET_FOR_NOW[fn.path];
      const size = `${fn.path}: ${overKb.toFixed(1)} KB over bare`;
      if (ceiling === undefined) return overKb > MAX_KB_OVER_BARE ? [size] : [];
      if (overKb <= MAX_KB_OVER_BARE) return [`${size}, within budget: drop its exception`];
      return overKb > ceiling ? [`${size}, above its ceiling of ${ceiling}`] : [];
    });
    // Assess
    expect(functions.length).toBeGreaterThanOrEqual(ROUTES.length);
    expect(problems, `bare bundle: ${(bareBytes / 1024).toFixed(1)} KB`).toEqual([]);
  });

  it.each(ROUTES)(
    'reads the secrets of $id by a signed request, without the Secrets Manager client',
    (route: RouteDefinition) => {
      // Act
      const code = readFileSync(join(bundleDir(route.id), 'index.mjs'), 'utf8');
      // Assess: every route reads the origin secret; the client's name only exists in its code.
      expect(code).toContain('secretsmanager.GetSecretValue');
      expect(code).not.toContain('SecretsManagerClient');
    },
  );
});
