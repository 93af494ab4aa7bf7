import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type RouteDefinition } from '@hatchworks/shared/routes';
import { CREATE_REQUIRE_BANNER } from '../aws/constructs/app-function';
import { logicalIdOf, synthSite, type SynthesizedSite } from './support/synth-site';

/** Generous ceiling: init time grows with package size (ARCHITECTURE.md, "Cold starts"). */
const MAX_BUNDLE_BYTES = 1.5 * 1024 * 1024;

describe('the Lambda bundles (real esbuild run)', () => {
  let site: SynthesizedSite;
  beforeAll(() => {
    site = synthSite({ bundle: true });
  });

  /** The staged asset directory of a route's function in the cloud assembly. */
  const bundleDir = (routeId: string): string => {
    const fn = site.stack.api.functions.get(routeId);
    if (!fn) throw new Error(`no function for ${routeId}`);
    const resource = site.template.findResources('AWS::Lambda::Function')[
      logicalIdOf(site, fn.function)
    ] as { Properties: { Code: { S3Key: string } } };
    return join(site.app.outdir, `asset.${resource.Properties.Code.S3Key.replace(/\.zip$/, '')}`);
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
});
