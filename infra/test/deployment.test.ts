import { CustomResource } from 'aws-cdk-lib';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { RuntimeConfigSchema } from '@hatchworks/shared/schemas/runtime-config';
import { logicalIdOf, synthSite, type SynthesizedSite } from './support/synth-site';

interface DeploymentProperties {
  readonly Prune: boolean;
  readonly Exclude?: string[];
  readonly Include?: string[];
  readonly SystemMetadata?: Record<string, string>;
  readonly DistributionId?: unknown;
  readonly DistributionPaths?: string[];
  readonly SourceObjectKeys: unknown[];
}

const deployments = (site: SynthesizedSite): DeploymentProperties[] =>
  Object.values(site.template.findResources('Custom::CDKBucketDeployment')).map(
    (resource) => (resource as { Properties: DeploymentProperties }).Properties,
  );

/** The `config.json` files staged in the cloud assembly (Source.jsonData writes one). */
function stagedConfigs(site: SynthesizedSite): unknown[] {
  const outdir = site.app.outdir;
  return readdirSync(outdir, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('config.json'))
    .map((path) => JSON.parse(readFileSync(join(outdir, path), 'utf8')) as unknown);
}

describe('the deployment of the web bundle', () => {
  it('writes /config.json with the same-origin API, the login and no donation by default', () => {
    // Act
    const site = synthSite();
    // Assess (the login's content is identity.test.ts's business)
    expect(stagedConfigs(site)).toEqual([
      { apiBaseUrl: '/api', auth: expect.any(Object), donation: null },
    ]);
  });

  it('writes the donation widget of the context into /config.json', () => {
    // Act
    const site = synthSite({
      context: {
        donationScriptUrl: 'https://tips.example.net/widget.js',
        donationAccount: 'hatchworks',
        // A fixed issuer keeps the whole file free of deploy-time values.
        authIssuer: 'https://login.example.com/',
        authClientId: 'spa',
      },
    });
    // Assess
    const [config] = stagedConfigs(site);
    expect(RuntimeConfigSchema.parse(config)).toEqual({
      apiBaseUrl: '/api',
      auth: { authority: 'https://login.example.com/', clientId: 'spa' },
      donation: {
        scriptUrl: 'https://tips.example.net/widget.js',
        account: 'hatchworks',
        label: 'Support us',
      },
    });
  });

  it('uploads hashed assets immutable first, then the rest revalidated and invalidated', () => {
    // Prepare
    const site = synthSite();
    const [assetsId, restId] = site.stack.deployment.deployments.map((deployment) => {
      const resource = deployment.node.children.find((child) => child instanceof CustomResource);
      if (!resource) throw new Error(`no custom resource in ${deployment.node.path}`);
      return logicalIdOf(site, resource);
    });
    // Act
    const resources = site.template.findResources('Custom::CDKBucketDeployment');
    const [assets, rest] = [assetsId, restId].map(
      (id) => (resources[id ?? ''] as { Properties: DeploymentProperties }).Properties,
    );
    // Assess
    expect(assets).toMatchObject({
      Prune: false,
      Exclude: ['*'],
      Include: ['assets/*'],
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
    expect(rest).toMatchObject({
      Prune: true,
      Exclude: ['assets/*', 'apps/*', '.vite/*'],
      SystemMetadata: { 'cache-control': 'no-cache' },
      DistributionId: { Ref: logicalIdOf(site, site.stack.site.distribution) },
      DistributionPaths: ['/*'],
    });
    expect(rest?.SourceObjectKeys).toHaveLength(2);
    expect(resources[restId ?? '']).toMatchObject({
      DependsOn: expect.arrayContaining([assetsId]),
    });
  });

  it('deploys only /config.json, prunes nothing and warns when web/dist was not built', () => {
    // Act
    const site = synthSite({
      webDistPath: '/nonexistent/web/dist',
      projectBuildsPath: '/nonexistent/apps',
      // A sender, so the mail-sending routes add no warning of their own.
      context: { mailFrom: 'no-reply@hatchworks.example' },
    });
    // Assess
    const all = deployments(site);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ Prune: false });
    expect(all[0]?.SourceObjectKeys).toHaveLength(1);
    const warnings = Annotations.fromStack(site.stack).findWarning(
      '*',
      Match.stringLikeRegexp('.*'),
    );
    expect(warnings.map((warning) => String(warning.entry.data))).toEqual([
      expect.stringMatching(/no index\.html.*Run `npm run build` first/),
    ]);
  });
});

describe('the deployment of the project builds', () => {
  it('uploads apps/ to the apps/ prefix, pruned there only, revalidated and invalidated', () => {
    // Prepare
    const site = synthSite();
    const projects = site.stack.deployment.projectBuilds;
    const resource = projects?.node.children.find((child) => child instanceof CustomResource);
    if (!resource) throw new Error('no project builds deployment');
    // Act
    const properties = (
      site.template.findResources('Custom::CDKBucketDeployment')[logicalIdOf(site, resource)] as {
        Properties: DeploymentProperties & { DestinationBucketKeyPrefix?: string };
      }
    ).Properties;
    // Assess
    expect(properties).toMatchObject({
      DestinationBucketKeyPrefix: 'apps/',
      Prune: true,
      Exclude: ['README.md'],
      SystemMetadata: { 'cache-control': 'no-cache' },
      DistributionId: { Ref: logicalIdOf(site, site.stack.site.distribution) },
      DistributionPaths: ['/apps/*'],
    });
    expect(properties.SourceObjectKeys).toHaveLength(1);
    // The site's own deployment neither uploads nor prunes the prefix.
    const others = deployments(site).filter(
      (deployment) => !('DestinationBucketKeyPrefix' in deployment),
    );
    expect(others).toHaveLength(2);
    const pruning = others.filter((deployment) => deployment.Prune);
    expect(pruning).toHaveLength(1);
    expect(pruning[0]?.Exclude).toContain('apps/*');
  });

  it('uploads no project builds when apps/ is missing', () => {
    // Act
    const site = synthSite({ projectBuildsPath: '/nonexistent/apps' });
    // Assess
    expect(site.stack.deployment.projectBuilds).toBeUndefined();
    expect(deployments(site)).toHaveLength(2);
  });
});

describe('the operator context', () => {
  it.each([
    [{ donationScriptUrl: 'https://tips.example.net/widget.js' }, /donationAccount/],
    [{ donationScriptUrl: 'not a url', donationAccount: 'x' }, /scriptUrl/],
    [{ domainName: 'hatchworks.example.com' }, /certificateArn/],
    [
      {
        domainName: 'hatchworks.example.com',
        certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/abc',
      },
      /us-east-1/,
    ],
    [{ logLevel: 'LOUD' }, /logLevel/],
  ])('refuses %o, naming what to fix', (context, message) => {
    expect(() => synthSite({ context })).toThrow(message);
  });

  it('passes the log settings of the context to every function that handles requests', () => {
    // Act
    const site = synthSite({ context: { logLevel: 'debug', logConsumedCapacity: 'true' } });
    // Assess
    const resources = site.template.findResources('AWS::Lambda::Function');
    const handlers = [...site.stack.api.functions.values(), site.stack.loginTriggers?.handler];
    const functions = handlers.map((handler) =>
      handler ? resources[logicalIdOf(site, handler.function)] : undefined,
    );
    expect(functions).toHaveLength(site.stack.api.functions.size + 1);
    for (const fn of functions) {
      expect(fn).toMatchObject({
        Properties: {
          Environment: { Variables: { LOG_LEVEL: 'DEBUG', LOG_CONSUMED_CAPACITY: 'true' } },
        },
      });
    }
  });
});
