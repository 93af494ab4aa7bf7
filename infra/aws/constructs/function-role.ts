import { Lazy } from 'aws-cdk-lib';
import {
  PolicyDocument,
  Role,
  ServicePrincipal,
  type AddToPrincipalPolicyResult,
  type CfnRole,
  type PolicyStatement,
} from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';

/** The name of the inline policy that holds every grant of a `FunctionRole`. */
export const FUNCTION_ROLE_POLICY_NAME = 'Grants';

export interface FunctionRoleProps {
  /** What the role runs, for its description (`Runs <what>`). */
  readonly description: string;
  /**
   * The service that assumes it.
   * @default 'lambda.amazonaws.com' (a function's own role)
   */
  readonly service?: string;
}

/**
 * The role of one Lambda function, whose grants live inline in the role (its `Policies`)
 * instead of in a separate `AWS::IAM::Policy` (CDK's `DefaultPolicy`): the same statements,
 * one CloudFormation resource fewer per function (a stack holds at most 500).
 *
 * Every grant reaches a role through `addToPrincipalPolicy` (`table.grant`, `logGroup.grantWrite`,
 * `secret.grantRead`, the X-Ray statement of a traced function, event sources, explicit denies),
 * so they all land in the one inline document. Inline and attached policies share IAM's limits
 * (10,240 characters of inline policy per role); unlike `DefaultPolicy`, an oversized document
 * is not split into managed policies, so such a role fails at deploy rather than synth.
 * No managed policies: the trust policy lets Lambda alone assume it (or, for the role API
 * Gateway invokes functions with, API Gateway alone).
 */
export class FunctionRole extends Role {
  /** The statements of the inline policy, in the order they were granted. */
  readonly grantsDocument: PolicyDocument;

  constructor(scope: Construct, id: string, props: FunctionRoleProps) {
    const grants = new PolicyDocument();
    super(scope, id, {
      assumedBy: new ServicePrincipal(props.service ?? 'lambda.amazonaws.com'),
      description: props.description,
      // Keeps Role's own validation of the document (resources named, no principals).
      inlinePolicies: { [FUNCTION_ROLE_POLICY_NAME]: grants },
    });
    this.grantsDocument = grants;
    // A policy without statements is refused by IAM: render it only once it holds a grant.
    (this.node.defaultChild as CfnRole).policies = Lazy.any(
      {
        produce: () =>
          grants.isEmpty
            ? undefined
            : [{ policyName: FUNCTION_ROLE_POLICY_NAME, policyDocument: grants }],
      },
      { omitEmptyArray: true },
    );
  }

  /**
   * Adds the statement to the inline policy. Whatever depends on the grant (the function, an
   * event source mapping) depends on the role, which CloudFormation creates with its policy.
   */
  override addToPrincipalPolicy(statement: PolicyStatement): AddToPrincipalPolicyResult {
    this.grantsDocument.addStatements(statement);
    return { statementAdded: true, policyDependable: this };
  }
}
