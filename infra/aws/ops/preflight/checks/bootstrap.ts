import { GetParameterCommand } from '@aws-sdk/client-ssm';
import { errorName, fail, ok, type Check, type CheckResult } from '../check';

/** Where `cdk bootstrap` (default qualifier) records the bootstrap version. */
const DEFAULT_VERSION_PARAMETER = '/cdk-bootstrap/hnb659fds/version';

interface BootstrapNeed {
  readonly region: string;
  readonly version: number;
  readonly parameter: string;
}

/** Per region of the app's stacks: the highest bootstrap version a stack needs, and where it is read. */
export function bootstrapNeeds(
  stacks: readonly {
    environment: { region: string };
    requiresBootstrapStackVersion?: number;
    bootstrapStackVersionSsmParameter?: string;
  }[],
): BootstrapNeed[] {
  const needs = new Map<string, BootstrapNeed>();
  for (const stack of stacks) {
    const { region } = stack.environment;
    const known = needs.get(region);
    needs.set(region, {
      region,
      version: Math.max(known?.version ?? 0, stack.requiresBootstrapStackVersion ?? 0),
      parameter:
        known?.parameter ?? stack.bootstrapStackVersionSsmParameter ?? DEFAULT_VERSION_PARAMETER,
    });
  }
  return [...needs.values()];
}

/**
 * Every region the app deploys to is bootstrapped recently enough: `cdk bootstrap` deploys the
 * `CDKToolkit` stack and writes its version to an SSM parameter, which each synthesized template
 * checks in its `CheckBootstrapVersion` rule before anything is created
 * (https://docs.aws.amazon.com/cdk/v2/guide/ref-cli-cmd-bootstrap.html,
 * https://docs.aws.amazon.com/cdk/api/v2/docs/@aws-cdk_cloud-assembly-schema.AssetManifestOptions.html).
 * Prod needs us-east-1 too: its WAF and edge-alarm stacks live there.
 */
export const checkBootstrap: Check = async ({ app, account }, clients) => {
  const results: CheckResult[] = [];
  for (const need of bootstrapNeeds(app.synth().stacks)) {
    const check = `CDK bootstrap (${need.region})`;
    const command = `npx cdk bootstrap aws://${account}/${need.region}`;
    try {
      const { Parameter } = await clients(need.region).ssm.send(
        new GetParameterCommand({ Name: need.parameter }),
      );
      const version = Number(Parameter?.Value);
      results.push(
        version >= need.version
          ? ok(check, `version ${version} (the stacks need ${need.version})`)
          : fail(
              check,
              `version ${Parameter?.Value ?? 'unknown'}, the stacks need ${need.version}`,
              command,
            ),
      );
    } catch (error) {
      if (errorName(error) !== 'ParameterNotFound') throw error;
      results.push(fail(check, `not bootstrapped (no ${need.parameter})`, command));
    }
  }
  return results;
};
