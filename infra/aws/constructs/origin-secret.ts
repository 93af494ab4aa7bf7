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
 * The value CloudFront sends to the API origin in `x-origin-verify`, and the functions expect
 * (`ORIGIN_VERIFY_SECRET`). CloudFormation generates it and resolves it into both by dynamic
 * reference at deploy time, so no template or repository holds it. It is plain configuration of
 * the distribution (CloudFront has no secret headers) and so of the functions too: reading it
 * takes read access to the account's CloudFront or Lambda configuration, and gains only a way
 * past the origin lock, whereas reading it from Secrets Manager would cost every function a call
 * at each cold start.
 */
export class OriginSecret extends Construct {
  readonly secret: Secret;
  /** The dynamic reference to the value, for the distribution and the functions. */
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
        'The value is resolved into the CloudFront distribution and the functions at deploy ' +
        'time, so a rotation by Secrets Manager would reach neither and lock the site out of ' +
        'its API. It is rotated by deploying a new generation (originSecretGeneration context).',
    });
  }
}
