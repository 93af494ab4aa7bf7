import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type RouteDefinition } from '@hatchworks/shared/routes';
import {
  AppFunction,
  CREATE_REQUIRE_BANNER,
  FUNCTION_BUNDLING,
} from '../aws/constructs/app-function';
import { LOCK_FILE, REPO_ROOT } from '../aws/paths';
import { logicalIdOf, synthSite, type SynthesizedSite } from './support/synth-site';

/** Generous ceiling: init time grows with package size (ARCHITECTURE.md, "Cold starts"). */
const MAX_BUNDLE_BYTES = 1.5 * 1024 * 1024;

/** What a function may bundle beyond a bare handler that only uses the document client. */
const MAX_KB_OVER_BARE = 100;

/**
 * Functions still over that budget, each with the ceiling it may not pass (KB over bare), so the
 * list can only shrink. The mail senders carry the SES v2 client (~60 KB: its serialization
 * schemas cover every SES operation and do not tree-shake), the secret readers Secrets Manager's
 * (~14 KB). An entry under budget fails too: delete it then.
 */
const OVER_BUDGET_FOR_NOW: Readonly<Record<string, number>> = {
  VerifyUser: 170,
  ResendVerification: 146,
  Register: 132,
  RequestPasswordReset: 124,
  CreateTrackerFeatureRequest: 108,
  TrackerVote: 108,
  ChangePassword: 107,
  CreateProjectSuggestion: 107,
  ListTrackerFeatureRequests: 103,
};

/**
 * The bundle of `support/bare-handler.ts` (only the DynamoDB document client), built in this run
 * with the functions' own bundling options, so the budget moves with the SDK and esbuild.
 */
function bareBundleBytes(): number {
  const app = new App({ outdir: mkdtempSync(join(tmpdir(), 'hatchworks-bare-')) });
  new NodejsFunction(new Stack(app, 'Bare'), 'Handler', {
    entry: join(REPO_ROOT, 'infra', 'test', 'support', 'bare-handler.ts'),
    handler: 'handler',
    runtime: Runtime.NODEJS_22_X,
    architecture: Architecture.ARM_64,
    projectRoot: REPO_ROOT,
    depsLockFilePath: LOCK_FILE,
    bundling: FUNCTION_BUNDLING,
  });
  const outdir = app.synth().directory;
  const [asset] = readdirSync(outdir).filter((name) => name.startsWith('asset.'));
  if (!asset) throw new Error('the bare handler was not bundled');
  return statSync(join(outdir, asset, 'index.mjs')).size;
}

describe('the Lambda bundles (real esbuild run)', () => {
  let site: SynthesizedSite;
  let bareBytes: number;
  beforeAll(() => {
    site = synthSite({ bundle: true });
    bareBytes = bareBundleBytes();
  });

  /** The staged asset directory of a function in the cloud assembly. */
  const assetDir = (fn: AppFunction): string => {
    const resource = site.template.findResources('AWS::Lambda::Function')[
      logicalIdOf(site, fn.function)
    ] as { Properties: { Code: { S3Key: string } } };
    return join(site.app.outdir, `asset.${resource.Properties.Code.S3Key.replace(/\.zip$/, '')}`);
  };

  /** The staged asset directory of a route's function in the cloud assembly. */
  const bundleDir = (routeId: string): string => {
    const fn = site.stack.api.functions.get(routeId);
    if (!fn) throw new Error(`no function for ${routeId}`);
    return assetDir(fn);
  };

  it.each(ROUTES)('bundles $id as minified ESM with its source map', (route) => {
    // Act
    const dir = bundleDir(route.id);
    const code = readFileSync(join(dir, 'index.mjs'), 'utf8');
    // Assess
    expect(code.startsWith(CREATE_REQUIRE_BANNER)).toBe(true);
    expect(existsSync(join(dir, 'index.mjs.map'))).toBe(true);
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

  it.each(ROUTES.filter((route: RouteDefinition) => route.sendsMail === true))(
    'bundles the SES client into $id, which sends mail, and leaves nodemailer to the local stack',
    (route) => {
      // Act
      const code = readFileSync(join(bundleDir(route.id), 'index.mjs'), 'utf8');
      // Assess: SES v2's SendEmail path, and nodemailer only as the import that never runs there.
      expect(code).toContain('/v2/email/outbound-emails');
      expect(code).toMatch(/import\(\s*["']nodemailer["']\s*\)/);
    },
  );

  it.each(ROUTES)('keeps the $id bundle under 1.5 MB', (route) => {
    expect(statSync(join(bundleDir(route.id), 'index.mjs')).size).toBeLessThan(MAX_BUNDLE_BYTES);
  });

  it('keeps every function within 100 KB of a bare document-client handler', () => {
    // Arrange
    const functions = site.stack.node
      .findAll()
      .filter((construct): construct is AppFunction => construct instanceof AppFunction);
    // Act
    const problems = functions.flatMap((fn) => {
      const overKb = (statSync(join(assetDir(fn), 'index.mjs')).size - bareBytes) / 1024;
      const ceiling = OVER_BUDGET_FOR_NOW[fn.node.id];
      const size = `${fn.node.path}: ${overKb.toFixed(1)} KB over bare`;
      if (ceiling === undefined) return overKb > MAX_KB_OVER_BARE ? [size] : [];
      if (overKb <= MAX_KB_OVER_BARE) return [`${size}, within budget: drop its exception`];
      return overKb > ceiling ? [`${size}, above its ceiling of ${ceiling}`] : [];
    });
    // Assess
    expect(functions.length).toBeGreaterThanOrEqual(ROUTES.length);
    expect(problems, `bare bundle: ${(bareBytes / 1024).toFixed(1)} KB`).toEqual([]);
  });

  it.each(ROUTES)(
    'bundles Secrets Manager into $id only if it reads a secret',
    (route: RouteDefinition) => {
      // Act
      const code = readFileSync(join(bundleDir(route.id), 'index.mjs'), 'utf8');
      // Assess: the client's signing name only exists in its own code.
      const readsSecret = (route.secrets?.length ?? 0) > 0 || route.signsTokens === true;
      expect(code.includes('"secretsmanager"')).toBe(readsSecret);
    },
  );
});
