import { readFileSync } from 'node:fs';
import { CloudFormationClient, DescribeStackResourceCommand } from '@aws-sdk/client-cloudformation';
import {
  LambdaClient,
  UpdateFunctionCodeCommand,
  waitUntilFunctionUpdatedV2,
} from '@aws-sdk/client-lambda';
import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import { OpsError, regional, type OpsEnvironment } from '../ops-environment';

/** How long Lambda may take to apply new code before the command stops waiting. */
const UPDATE_WAIT_SECONDS = 5 * 60;

interface TemplateFunction {
  readonly Type: string;
  readonly Properties?: {
    readonly Code?: { readonly S3Bucket?: unknown; readonly S3Key?: unknown };
  };
}

/**
 * The route's function in an older synthesized template: its logical id is exactly
 * `Api<route id>Handler` and the 8 hex digits CDK adds (infra/aws/constructs/app-api.ts,
 * app-function.ts), so one route's name never selects another's.
 */
function routeFunctionOf(templatePath: string, route: string) {
  let template: { Resources?: Record<string, TemplateFunction> };
  try {
    template = JSON.parse(readFileSync(templatePath, 'utf8')) as typeof template;
  } catch {
    throw new OpsError(
      `${templatePath} is no synthesized template (cdk.out/<Stack>.template.json).`,
    );
  }
  const id = new RegExp(`^Api${route}Handler[0-9A-F]{8}$`);
  const found = Object.entries(template.Resources ?? {}).filter(
    ([logicalId, resource]) => id.test(logicalId) && resource.Type === 'AWS::Lambda::Function',
  );
  const [only, ...others] = found;
  if (!only || others.length > 0) {
    throw new OpsError(
      `${templatePath} has ${found.length} functions of route ${route} (the route id of shared/src/routes.ts, e.g. VoteFeature).`,
    );
  }
  const [logicalId, resource] = only;
  const { S3Bucket: bucket, S3Key: key } = resource.Properties?.Code ?? {};
  const bucketText =
    typeof bucket === 'string'
      ? bucket
      : (bucket as { 'Fn::Sub'?: unknown } | undefined)?.['Fn::Sub'];
  if (typeof key !== 'string' || typeof bucketText !== 'string') {
    throw new OpsError(`${logicalId} in ${templatePath} has no S3 code location.`);
  }
  return { logicalId, bucket: bucketText, key };
}

/**
 * Points one route's function at the bundle an older synthesis names (still in the CDK assets
 * bucket: CDK deletes nothing there without `cdk gc`), and waits until Lambda runs it. Only the
 * code changes; CloudFormation does not know, so a later deploy replaces it only if that
 * function's bundle changed.
 */
export async function rollbackFunction(
  ops: OpsEnvironment,
  options: { readonly route: string; readonly template: string },
): Promise<void> {
  if (!/^[A-Za-z0-9]+$/.test(options.route)) {
    throw new OpsError(`--route is a route id such as VoteFeature; got "${options.route}".`);
  }
  const code = routeFunctionOf(options.template, options.route);
  const lambda = new LambdaClient(regional(ops));
  const region = await lambda.config.region();
  const { Account: account } = await new STSClient(regional(ops)).send(
    new GetCallerIdentityCommand({}),
  );
  const bucket = code.bucket
    .replaceAll('${AWS::AccountId}', account ?? '')
    .replaceAll('${AWS::Region}', region)
    .replaceAll('${AWS::Partition}', 'aws');
  const resource = await new CloudFormationClient(regional(ops)).send(
    new DescribeStackResourceCommand({
      StackName: ops.stackName,
      LogicalResourceId: code.logicalId,
    }),
  );
  const functionName = resource.StackResourceDetail?.PhysicalResourceId;
  if (!functionName) {
    throw new OpsError(
      `${ops.stackName} has no ${code.logicalId}: the route's function was renamed since.`,
    );
  }
  await lambda.send(
    new UpdateFunctionCodeCommand({
      FunctionName: functionName,
      S3Bucket: bucket,
      S3Key: code.key,
    }),
  );
  ops.print(`${functionName}: code s3://${bucket}/${code.key}; waiting until Lambda runs it…`);
  await waitUntilFunctionUpdatedV2(
    { client: lambda, maxWaitTime: UPDATE_WAIT_SECONDS, ...ops.pace },
    { FunctionName: functionName },
  );
  ops.print(`${functionName} runs the older bundle. A deploy that changes its bundle replaces it.`);
}
