import type { Template } from 'aws-cdk-lib/assertions';

export interface StatementJson {
  readonly Effect: string;
  readonly Action: string | string[];
  readonly Resource: unknown;
}

interface PolicyDocumentJson {
  readonly Statement: readonly StatementJson[];
}

interface PolicyJson {
  readonly Properties: {
    readonly Roles?: readonly { readonly Ref?: string }[];
    readonly PolicyDocument: PolicyDocumentJson;
  };
}

interface RoleJson {
  readonly Properties?: {
    readonly Policies?: readonly {
      readonly PolicyName: string;
      readonly PolicyDocument: PolicyDocumentJson;
    }[];
  };
}

/**
 * Every statement a role holds, by the role's logical id: those of its inline policies (its
 * `Policies`, where `FunctionRole` keeps its grants) and of the `AWS::IAM::Policy` resources
 * attached to it.
 */
export function statementsOfRole(template: Template, roleLogicalId: string): StatementJson[] {
  const role = template.findResources('AWS::IAM::Role')[roleLogicalId] as RoleJson | undefined;
  if (!role) throw new Error(`the template has no role ${roleLogicalId}`);
  const inline = (role.Properties?.Policies ?? []).flatMap(
    (policy) => policy.PolicyDocument.Statement,
  );
  const policies = Object.values(template.findResources('AWS::IAM::Policy')) as PolicyJson[];
  const attached = policies
    .filter((policy) => (policy.Properties.Roles ?? []).some((ref) => ref.Ref === roleLogicalId))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
  return [...inline, ...attached];
}

/** The actions a role is allowed, flattened and sorted. */
export function allowedActions(template: Template, roleLogicalId: string): string[] {
  return statementsOfRole(template, roleLogicalId)
    .filter((statement) => statement.Effect === 'Allow')
    .flatMap((statement) => [statement.Action].flat())
    .sort();
}
