import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

export interface OriginSecretProps {
  /**
   * Part of the secret's id: a new generation makes a new secret (and value), which CloudFront
   * and the functions then both get in the same deployment.
   */
  readonly generation: string;
}

/**
 * The value CloudFront sends to the API origin in `x-origin-verify`, and the functions expect.
 * CloudFormation generates it, so no template or repository holds it. The distribution gets it by
 * the template's one dynamic reference to it (CloudFront has no secret headers, so it is plain
 * configuration there); the functions get only the secret's ARN (`ORIGIN_VERIFY_SECRET_ARN`) and
 * read the value once per cold start, so a function's configuration does not show it and the
 * template stays far below CloudFormation's 60 dynamic references.
 */
export class OriginSecret extends Construct {
  readonly secret: Secret;
  /** The dynamic reference to the value, for the distribution. */
  readonly value: string;

  constructor(scope: Construct, id: string, props: OriginSecretProps) {
    super(scope, id);
    this.secret = new Secret(this, `Value${props.generation}`, {
      description: 'Proves a request to the API came through CloudFront (x-origin-verify)',
      generateSecretString: {
        passwordLength: 64,
        excludePunctuation: true,
        includeSpace: false,
      },
      // Nothing outlives it: a replaced value (new generation) has no use left.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.value = this.secret.secretValue.unsafeUnwrap();
    Validations.of(this.secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'The value is resolved into the CloudFront distribution at deploy time, so a rotation ' +
        'by Secrets Manager would not reach CloudFront while new cold starts of the functions ' +
        'expected the new value, locking the site out of its API. It is rotated by deploying ' +
        'a new generation (originSecretGeneration context), which changes both at once.',
    });
  }
}
