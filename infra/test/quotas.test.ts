import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, CfnResource, Stack } from 'aws-cdk-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  QUOTAS,
  appQuotaBreaches,
  describeBreach,
  quotaBreaches,
  quotaMeasurements,
  synthesizedTemplates,
  packageMeasurements,
  type QuotaId,
} from '../aws/quotas';
import { synthSite, type SynthesizedSite } from './support/synth-site';

/** A bare app whose one stack holds the given raw resources. */
function appWith(resources: Record<string, { Type: string; Properties?: object }>): App {
  const app = new App();
  const stack = new Stack(app, 'Fixture');
  for (const [id, resource] of Object.entries(resources)) {
    new CfnResource(stack, id, {
      type: resource.Type,
      ...(resource.Properties ? { properties: resource.Properties } : {}),
    });
  }
  return app;
}

const breachLines = (app: App) => appQuotaBreaches(app).map(describeBreach);

describe('the AWS quotas of every synthesized template', () => {
  let prod: SynthesizedSite;
  let dev: SynthesizedSite;
  beforeAll(() => {
    prod = synthSite();
    dev = synthSite({ context: { stage: 'dev' } });
  });

  it.each([
    ['prod', () => prod],
    ['dev', () => dev],
  ] as const)('holds every quota in %s', (_stage, site) => {
    // Act
    const breaches = breachLines(site().app);
    // Assess: each line names the quota, the value found, the limit and AWS's page
    expect(breaches.join('\n')).toBe('');
  });

  it('measures every quota of the table on the prod app, nested stacks and us-east-1 included', () => {
    // Prepare: the package size is measured on the real bundles (bundling.test.ts).
    const measuredElsewhere: QuotaId[] = ['zippedPackage', 'unzippedPackage'];
    // Act
    const templates = synthesizedTemplates(prod.app);
    const measured = new Set(quotaMeasurements(templates).map((entry) => entry.quota));
    // Assess
    expect(templates.map((entry) => entry.path)).toEqual(
      expect.arrayContaining([
        'Hatchworks-Prod',
        'Hatchworks-Prod/Monitoring',
        'Hatchworks-Prod-Waf',
        'Hatchworks-Prod-EdgeAlarms',
      ]),
    );
    const unmeasured = (Object.keys(QUOTAS) as QuotaId[]).filter(
      (quota) => !measured.has(quota) && !measuredElsewhere.includes(quota),
    );
    expect(unmeasured).toEqual([]);
  });

  it('refuses a template with more dynamic references than CloudFormation resolves', () => {
    // Prepare: one reference per function environment, as an origin secret resolved into each
    const functions = Object.fromEntries(
      Array.from({ length: 61 }, (_, index) => [
        `Fn${index}`,
        {
          Type: 'AWS::Lambda::Function',
          Properties: {
            Timeout: 10,
            Environment: {
              Variables: {
                ORIGIN_VERIFY_SECRET: '{{resolve:secretsmanager:arn:origin:SecretString:::}}',
              },
            },
          },
        },
      ]),
    );
    // Act
    const breaches = breachLines(appWith(functions));
    // Assess
    expect(breaches).toEqual([
      'CloudFormation dynamic references per template: 61 references in Fixture, over the ' +
        `limit of 60 (${QUOTAS.dynamicReferences.source})`,
    ]);
  });

  it('refuses a third reader on one table stream', () => {
    // Prepare
    const mapping = {
      Type: 'AWS::Lambda::EventSourceMapping',
      Properties: { EventSourceArn: { 'Fn::GetAtt': ['DataTable', 'StreamArn'] } },
    };
    // Act
    const breaches = appQuotaBreaches(appWith({ A: mapping, B: mapping, C: mapping }));
    // Assess
    expect(breaches).toEqual([
      expect.objectContaining({
        quota: 'streamReaders',
        where: 'Fixture/DataTable',
        found: 3,
        limit: 2,
      }),
    ]);
  });

  it('counts a function environment as deployed, references at their longest', () => {
    // Prepare: 30 ARNs of 128 characters and their names pass 4 KB
    const variables = Object.fromEntries(
      Array.from({ length: 30 }, (_, index) => [`SECRET_${index}_ARN`, { Ref: `Secret${index}` }]),
    );
    const app = appWith({
      Fn: { Type: 'AWS::Lambda::Function', Properties: { Environment: { Variables: variables } } },
    });
    // Act
    const breaches = appQuotaBreaches(app);
    // Assess
    expect(breaches).toEqual([
      expect.objectContaining({ quota: 'environmentSize', where: 'Fixture/Fn', limit: 4096 }),
    ]);
    expect(breaches[0]?.found).toBeGreaterThan(30 * 128);
  });

  it("refuses a route's function that outlives the HTTP API's integration timeout", () => {
    // Prepare
    const app = appWith({
      Api: { Type: 'AWS::ApiGatewayV2::Api', Properties: { ProtocolType: 'HTTP' } },
      Slow: { Type: 'AWS::Lambda::Function', Properties: { Timeout: 60 } },
      Integration: {
        Type: 'AWS::ApiGatewayV2::Integration',
        Properties: { ApiId: { Ref: 'Api' }, IntegrationUri: { 'Fn::GetAtt': ['Slow', 'Arn'] } },
      },
    });
    // Act
    const breaches = appQuotaBreaches(app);
    // Assess
    expect(breaches).toEqual([
      expect.objectContaining({ quota: 'routeFunctionTimeout', where: 'Fixture/Slow', found: 60 }),
    ]);
  });

  it('refuses a web ACL whose managed rule group has no known capacity', () => {
    // Prepare
    const app = appWith({
      Acl: {
        Type: 'AWS::WAFv2::WebACL',
        Properties: {
          Rules: [
            {
              Statement: {
                ManagedRuleGroupStatement: { VendorName: 'AWS', Name: 'AWSManagedRulesNewSet' },
              },
            },
          ],
        },
      },
    });
    // Act
    const quotas = appQuotaBreaches(app).map((breach) => breach.quota);
    // Assess
    expect(quotas).toEqual(['webAclCapacity', 'webAclIncludedCapacity']);
  });

  it('measures a package as Lambda unpacks it: every file of its folders', () => {
    // Prepare
    const dir = mkdtempSync(join(tmpdir(), 'hatchworks-package-'));
    mkdirSync(join(dir, 'lib'));
    writeFileSync(join(dir, 'index.mjs'), 'x'.repeat(1000));
    writeFileSync(join(dir, 'lib', 'data.bin'), Buffer.alloc(QUOTAS.zippedPackage.limit));
    // Act
    const measurements = packageMeasurements('Fixture/Fn', dir);
    // Assess
    expect(measurements.map((each) => each.found)).toEqual([
      QUOTAS.zippedPackage.limit + 1000,
      QUOTAS.zippedPackage.limit + 1000,
    ]);
    expect(quotaBreaches(measurements).map((breach) => breach.quota)).toEqual(['zippedPackage']);
  });
});
