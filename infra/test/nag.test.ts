import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Validations } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { synthSite, type SynthesizedSite } from './support/synth-site';

interface Acknowledgement {
  readonly path: string;
  readonly id: string;
  readonly reason: unknown;
}

/** Every `Validations.acknowledge()` recorded in the construct tree. */
function acknowledgements(root: IConstruct): Acknowledgement[] {
  return root.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) =>
        Object.entries(entry.data as Record<string, unknown>).map(([id, reason]) => ({
          path: construct.node.path,
          id: id.replace(/^annotation::/i, ''),
          reason,
        })),
      ),
  );
}

/** The findings cdk-nag still reports, as `severity rule at path` lines. */
function openFindings(site: SynthesizedSite): string[] {
  const report = new AwsSolutionsChecks().validateScope(site.app);
  return report.violations.flatMap((violation) =>
    violation.violatingResources.map(
      (resource) => `${violation.severity} ${violation.ruleName} at ${resource.constructPath}`,
    ),
  );
}

describe('cdk-nag AwsSolutions checks', () => {
  let site: SynthesizedSite;
  beforeAll(() => {
    // A deployable site names its mail sender; without one the mail routes warn (mail.test.ts),
    // which would hide whether cdk-nag's own report is empty.
    site = synthSite({ context: { mailFrom: 'no-reply@hatchworks.example' } });
  });

  it('leaves no finding unacknowledged, errors or warnings', () => {
    expect(openFindings(site)).toEqual([]);
  });

  it('runs as a validation plugin at synth, whose report is empty', () => {
    // Act
    const report = JSON.parse(
      readFileSync(join(site.app.outdir, 'validation-report.json'), 'utf8'),
    ) as { pluginReports: unknown[] };
    // Assess
    expect(report.pluginReports).toEqual([]);
  });

  it('leaves no error annotation on the stack', () => {
    expect(Annotations.fromStack(site.stack).findError('*', Match.anyValue())).toEqual([]);
  });

  it('gives every acknowledgement a specific reason', () => {
    // Act
    const all = acknowledgements(site.app);
    // Assess
    expect(all.length).toBeGreaterThan(0);
    for (const { path, id, reason } of all) {
      expect(reason, `${id} at ${path}`).toEqual(expect.any(String));
      expect(String(reason).length, `${id} at ${path}`).toBeGreaterThanOrEqual(60);
    }
  });

  it('acknowledges only the expected kinds of finding', () => {
    // Act
    const ids = new Set(acknowledgements(site.app).map(({ id }) => id.replace(/\[.*\]$/, '')));
    // Assess
    expect([...ids].sort()).toEqual(
      [
        '@aws-cdk/aws-cloudfront-origins:listBucketSecurityRisk',
        'AwsSolutions-APIG4',
        'AwsSolutions-CFR1',
        'AwsSolutions-CFR4',
        'AwsSolutions-COG1',
        'AwsSolutions-COG2',
        'AwsSolutions-IAM5',
        'AwsSolutions-L1',
        'AwsSolutions-S1',
        'AwsSolutions-SMG4',
        'AwsSolutions-SNS2',
        'AwsSolutions-SQS3',
      ].sort(),
    );
  });
});

describe('cdk-nag on the dev stage', () => {
  let site: SynthesizedSite;
  beforeAll(() => {
    site = synthSite({ context: { stage: 'dev', mailFrom: 'no-reply@hatchworks.example' } });
  });

  it('leaves no finding unacknowledged, errors or warnings', () => {
    expect(openFindings(site)).toEqual([]);
  });

  it('acknowledges only what dev leaves out on purpose: the WAF and PITR', () => {
    // Act
    const ids = new Set(acknowledgements(site.app).map(({ id }) => id.replace(/\[.*\]$/, '')));
    // Assess
    expect(ids).toContain('AwsSolutions-CFR2');
    expect(ids).toContain('AwsSolutions-DDB3');
    expect(ids).not.toContain('AwsSolutions-SNS2');
  });
});

describe('cdk-nag with a custom domain', () => {
  it('passes without acknowledging the default-certificate TLS finding', () => {
    // Act
    const site = synthSite({
      context: {
        domainName: 'hatchworks.example.com',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123',
      },
    });
    // Assess
    expect(openFindings(site)).toEqual([]);
    expect(acknowledgements(site.app).map(({ id }) => id)).not.toContain('AwsSolutions-CFR4');
  });
});
