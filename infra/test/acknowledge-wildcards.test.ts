import { App, Stack } from 'aws-cdk-lib';
import { Policy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import {
  acknowledgeWildcards,
  type WildcardAllowance,
} from '../aws/constructs/acknowledge-wildcards';
import { FunctionRole } from '../aws/constructs/function-role';

const XRAY: WildcardAllowance = {
  finding: /^Resource::\*$/,
  actionsOnAnyResource: /^xray:/,
  reason: 'X-Ray tracing actions support no resource-level permissions, so only "*" works.',
};

/**
 * The IAM5 findings cdk-nag still reports for a role granted `statements` (inline) and
 * `attached` (a policy of its own), with `allowances` acknowledged.
 */
function openWildcards(
  statements: readonly PolicyStatement[],
  allowances: readonly WildcardAllowance[],
  attached: readonly PolicyStatement[] = [],
) {
  const app = new App();
  const stack = new Stack(app, 'Test');
  const role = new FunctionRole(stack, 'Role', { description: 'a probe' });
  for (const statement of statements) role.addToPrincipalPolicy(statement);
  if (attached.length > 0) {
    role.attachInlinePolicy(new Policy(stack, 'Attached', { statements: [...attached] }));
  }
  acknowledgeWildcards(stack, allowances);
  app.synth();
  const report = new AwsSolutionsChecks().validateScope(app);
  return report.violations
    .filter((violation) => violation.ruleName.includes('IAM5'))
    .flatMap((violation) =>
      violation.violatingResources.map(
        (resource) => `${violation.ruleName} at ${resource.constructPath}`,
      ),
    );
}

const xray = new PolicyStatement({
  actions: ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'],
  resources: ['*'],
});

describe('acknowledgeWildcards', () => {
  it("acknowledges an explained wildcard in a role's inline policy", () => {
    expect(openWildcards([xray], [XRAY])).toEqual([]);
  });

  it('reports the wildcard without an allowance', () => {
    expect(openWildcards([xray], [])).toEqual([
      'AwsSolutions-IAM5[Resource::*] at Test/Role/Resource',
    ]);
  });

  it('leaves it open once another action is granted on "*" in the same role', () => {
    // Prepare
    const broader = new PolicyStatement({ actions: ['s3:GetObject'], resources: ['*'] });
    // Act
    const open = openWildcards([xray, broader], [XRAY]);
    // Assess
    expect(open).toEqual(['AwsSolutions-IAM5[Resource::*] at Test/Role/Resource']);
  });

  it('still acknowledges findings of a policy attached to the role, policy by policy', () => {
    // Prepare
    const broader = new PolicyStatement({ actions: ['s3:GetObject'], resources: ['*'] });
    // Act
    const acknowledged = openWildcards([], [XRAY], [xray]);
    const open = openWildcards([], [XRAY], [xray, broader]);
    // Assess
    expect(acknowledged).toEqual([]);
    expect(open).toEqual(['AwsSolutions-IAM5[Resource::*] at Test/Attached/Resource']);
  });
});
