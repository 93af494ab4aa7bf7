/**
 * Synthesizes the app with real esbuild bundling and the bare document-client handler, then writes
 * where each function's bundle landed as JSON (`node --import tsx bundle-site.ts <out.json>`).
 *
 * It runs in a child process of the bundling test: the CDK bundles each function with a
 * synchronous esbuild call, and a minute of that inside a test worker blocks the worker's messages
 * to vitest until they time out ("Timeout calling onTaskUpdate").
 */
import { cpSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { AppFunction, FUNCTION_BUNDLING } from '../../aws/constructs/app-function';
import { LOCK_FILE, REPO_ROOT } from '../../aws/paths';
import { logicalIdOf, synthSite } from './synth-site';

/** One function of the app and the staged directory of its bundle. */
export interface BundledFunction {
  /** The construct id, e.g. `VerifyUser`. */
  readonly id: string;
  readonly path: string;
  /** The route it serves, when it serves one. */
  readonly routeId?: string;
  /** A copy of its staged bundle (the CDK removes its temporary cloud assembly on exit). */
  readonly assetDir: string;
}

export interface BundledSite {
  readonly bareBytes: number;
  readonly functions: BundledFunction[];
}

/** The bundle of `bare-handler.ts` (only the document client), built with the functions' options. */
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

function bundleSite(keepDir: string): BundledSite {
  const site = synthSite({ bundle: true });
  const routeOf = new Map(
    [...site.stack.api.functions].map(([routeId, fn]) => [fn, routeId] as const),
  );
  const lambdas = site.template.findResources('AWS::Lambda::Function');
  const functions = site.stack.node
    .findAll()
    .filter((construct): construct is AppFunction => construct instanceof AppFunction)
    .map((fn) => {
      const resource = lambdas[logicalIdOf(site, fn.function)] as {
        Properties: { Code: { S3Key: string } };
      };
      const asset = `asset.${resource.Properties.Code.S3Key.replace(/\.zip$/, '')}`;
      const assetDir = join(keepDir, fn.node.path.replaceAll('/', '-'));
      cpSync(join(site.app.outdir, asset), assetDir, { recursive: true });
      return { id: fn.node.id, path: fn.node.path, routeId: routeOf.get(fn), assetDir };
    });
  return { bareBytes: bareBundleBytes(), functions };
}

const out = process.argv[2];
if (!out) throw new Error('usage: bundle-site.ts <out.json>');
writeFileSync(out, JSON.stringify(bundleSite(dirname(out))));
