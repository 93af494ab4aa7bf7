import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DescribeStacksCommandOutput } from '@aws-sdk/client-cloudformation';
import type { OpsEnvironment } from '../../aws/ops/ops-environment';

// As `npm run ops` does: the SDK's notice about future Node versions is no test's business.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export const STACK = 'Hatchworks-Prod';
export const REGION = 'eu-west-1';

/** The site stack's outputs as DescribeStacks answers them for a deployed prod stack. */
export const OUTPUTS = {
  SiteUrl: 'https://d111111abcdef8.cloudfront.net',
  DistributionDomainName: 'd111111abcdef8.cloudfront.net',
  TableName: 'Hatchworks-Prod-DataTable4A3D2C1B-1Q2W3E4R5T6Y',
  SiteBucketName: 'hatchworks-prod-sitebucket397a1860-abcdefghijkl',
  DistributionId: 'E2QWRUHAPOMQZL',
  SearchSnapshotBucketName: 'hatchworks-prod-searchsnapshots1c2d3e4f-mnopqrstuvwx',
  EmbedOriginsFunctionName: 'Hatchworks-Prod-EmbedOriginsFunction7A8B9C0D-QwErTyUiOpAs',
  ApiAccessLogGroupName: 'Hatchworks-Prod-ApiAccessLogs5E2A1B7C-AbCdEfGhIjKl',
  ApiFunctionLogGroupNames:
    'Hatchworks-Prod-ApiAuthLogs9F8E7D6C-MnOpQrStUvWx,Hatchworks-Prod-ApiFeaturesLogs1A2B3C4D-YzAbCdEfGhIj',
} as const;

/** A DescribeStacks answer with these outputs (a recording's shape: key, value, description). */
export function describeStacksAnswer(
  outputs: Readonly<Record<string, string>> = OUTPUTS,
): DescribeStacksCommandOutput {
  return {
    $metadata: { httpStatusCode: 200 },
    Stacks: [
      {
        StackName: STACK,
        StackId: `arn:aws:cloudformation:${REGION}:123456789012:stack/${STACK}/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b`,
        CreationTime: new Date('2026-11-20T09:00:00Z'),
        StackStatus: 'UPDATE_COMPLETE',
        Outputs: Object.entries(outputs).map(([OutputKey, OutputValue]) => ({
          OutputKey,
          OutputValue,
        })),
      },
    ],
  };
}

/** A repository holding only a `cdk.json` with this context (feature flags beside the site's). */
export function repoWithContext(context: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'hatchworks-ops-'));
  writeFileSync(
    join(dir, 'cdk.json'),
    JSON.stringify({ app: 'npx tsx infra/aws/bin/app.ts', context }, null, 2),
  );
  return dir;
}

/** An environment for one verb: the printed lines are collected, waiters poll at once. */
export function opsEnvironment(overrides: Partial<OpsEnvironment> = {}): {
  readonly ops: OpsEnvironment;
  readonly lines: string[];
} {
  const lines: string[] = [];
  return {
    lines,
    ops: {
      stackName: STACK,
      region: REGION,
      print: (line) => lines.push(line),
      pace: { minDelay: 0.001, maxDelay: 0.002 },
      repoRoot: repoWithContext({}),
      git: () => {
        throw new Error('no git in this test');
      },
      ...overrides,
    },
  };
}
