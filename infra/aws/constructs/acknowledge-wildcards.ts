import { Aspects, Stack, Validations, type IAspect } from 'aws-cdk-lib';
import { CfnPolicy, CfnRole } from 'aws-cdk-lib/aws-iam';
import { rules } from 'cdk-nag';
import type { IConstruct } from 'constructs';

/** One kind of IAM wildcard (cdk-nag AwsSolutions-IAM5 finding) a construct needs, and why. */
export interface WildcardAllowance {
  /** Matches the finding, e.g. `Resource::*` or `Action::s3:GetObject*`. */
  readonly finding: RegExp;
  readonly reason: string;
  /**
   * For `Resource::*`: every action granted on `*` must match, so the allowance cannot
   * silently cover a later, broader grant.
   */
  readonly actionsOnAnyResource?: RegExp;
}

interface StatementJson {
  readonly Effect?: string;
  readonly Action?: string | readonly string[];
  readonly Resource?: unknown;
}

interface PolicyDocumentJson {
  readonly Statement?: readonly StatementJson[];
}

const list = <T>(value: T | readonly T[] | undefined): readonly T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value as T];

/**
 * The resolved documents cdk-nag's IAM5 rule reads on a node: a policy's own document, or a
 * role's inline policies (its `Policies`, where a `FunctionRole` keeps its grants).
 */
function policyDocuments(node: CfnPolicy | CfnRole): PolicyDocumentJson[] {
  const stack = Stack.of(node);
  if (node instanceof CfnPolicy) return [stack.resolve(node.policyDocument) as PolicyDocumentJson];
  const policies = list(stack.resolve(node.policies) as unknown[] | undefined);
  return policies.map((policy) => {
    const resolved = stack.resolve(policy) as { policyDocument?: unknown };
    return (stack.resolve(resolved.policyDocument) ?? {}) as PolicyDocumentJson;
  });
}

/** Every action the node's policies allow on `*`, whichever of its policies grants it. */
function actionsOnAnyResource(node: CfnPolicy | CfnRole): string[] {
  return policyDocuments(node)
    .flatMap((document) => document.Statement ?? [])
    .filter((statement) => statement.Effect === 'Allow' && list(statement.Resource).includes('*'))
    .flatMap((statement) => list(statement.Action));
}

/**
 * Acknowledges, policy by policy (a role's inline policies together, as cdk-nag reports them on
 * the role), exactly the IAM5 findings an allowance explains; any other wildcard in the same
 * policies stays a cdk-nag error. cdk-nag v3 needs each finding
 * acknowledged by its full id, and some ids (the CDK asset bucket's ARN) depend on the
 * target region, so they are matched when the policies are final rather than spelled out.
 */
class WildcardAcknowledger implements IAspect {
  constructor(private readonly allowances: readonly WildcardAllowance[]) {}

  visit(node: IConstruct): void {
    if (!(node instanceof CfnPolicy) && !(node instanceof CfnRole)) return;
    const findings = rules.iam.IAMNoWildcardPermissions(node);
    if (!Array.isArray(findings)) return;
    for (const finding of findings) {
      const allowance = this.allowances.find((candidate) => candidate.finding.test(finding));
      if (!allowance) continue;
      const pattern = allowance.actionsOnAnyResource;
      if (pattern && !actionsOnAnyResource(node).every((action) => pattern.test(action))) continue;
      Validations.of(node).acknowledge({
        id: `AwsSolutions-IAM5[${finding}]`,
        reason: allowance.reason,
      });
    }
  }
}

/** Acknowledges the explained IAM wildcard findings of every policy and role under `scope`. */
export function acknowledgeWildcards(
  scope: IConstruct,
  allowances: readonly WildcardAllowance[],
): void {
  Aspects.of(scope).add(new WildcardAcknowledger(allowances));
}
