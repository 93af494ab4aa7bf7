import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { OpsError, regional, type OpsEnvironment } from './ops-environment';

/**
 * The site stack's outputs the operator commands use (infra/aws/stacks/site-stack.ts): each names
 * exactly one resource, where a logical id is only a prefix that may match several.
 */
export const OUTPUT_NAMES = [
  'TableName',
  'SiteBucketName',
  'DistributionId',
  'DistributionDomainName',
  'SearchSnapshotBucketName',
  'EmbedOriginsFunctionName',
  'ApiAccessLogGroupName',
  'ApiFunctionLogGroupNames',
] as const;
export type OutputName = (typeof OUTPUT_NAMES)[number];

export interface StackOutputs {
  /** Every output by key, in the stack's order. */
  readonly all: ReadonlyMap<string, string>;
  /** One output's value; an older stack without it fails with what to do. */
  readonly get: (name: OutputName) => string;
}

/** The site stack's outputs (DescribeStacks). */
export async function readStackOutputs(ops: OpsEnvironment): Promise<StackOutputs> {
  const cloudFormation = new CloudFormationClient(regional(ops));
  const answer = await cloudFormation
    .send(new DescribeStacksCommand({ StackName: ops.stackName }))
    .catch((error: unknown) => {
      if (error instanceof Error && /does not exist/.test(error.message)) {
        throw new OpsError(
          `No stack ${ops.stackName} in ${ops.region ?? "the CLI's region"}: check --stack and --region.`,
        );
      }
      throw error;
    });
  const all = new Map(
    (answer.Stacks?.[0]?.Outputs ?? []).flatMap((output) =>
      output.OutputKey && output.OutputValue !== undefined
        ? [[output.OutputKey, output.OutputValue] as const]
        : [],
    ),
  );
  return {
    all,
    get: (name) => {
      const value = all.get(name);
      if (value === undefined) {
        throw new OpsError(
          `${ops.stackName} has no output ${name}: deploy the current commit once (npm run deploy), then run this again.`,
        );
      }
      return value;
    },
  };
}
