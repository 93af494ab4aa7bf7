import type { Template } from 'aws-cdk-lib/assertions';

export interface StatementJson {
  readonly Effect: string;
  readonly Action: string | string[];
  readonly Resource: unknown;
}

interface PolicyJson {
  readonly Properties: {
    readonly Roles?: readonly { readonly Ref?: string }[];
    readonly PolicyDocument: { readonly Statement: readonly StatementJson[] };
  };
}

/** Every statement of the policies attached to a role, by the role's logical id. */
export function statementsOfRole(template: Template, roleLogicalId: string): StatementJson[] {
  const policies = Object.values(template.findResources('AWS::IAM::Policy')) as PolicyJson[];
  return policies
    .filter((policy) => (policy.Properties.Roles ?? []).some((role) => role.Ref === roleLogicalId))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
}

/** The actions a role is allowed, flattened and sorted. */
export function allowedActions(template: Template, roleLogicalId: string): string[] {
  return statementsOfRole(template, roleLogicalId)
    .filter((statement) => statement.Effect === 'Allow')
    .flatMap((statement) => [statement.Action].flat())
    .sort();
}
