import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

/** Length of the generated key: well above the 32 characters the functions insist on. */
export const TOKEN_KEY_LENGTH = 64;

/**
 * The key that signs and verifies the product's own tokens (HS256): a Secrets Manager secret
 * whose value CloudFormation generates, so it never passes through a template, a shell or the
 * repository. Functions read it once per cold start (`functions/src/lib/token-secret.ts`).
 * Kept when the stack goes away: a new key would sign everybody out.
 */
export class TokenKey extends Construct {
  readonly secret: Secret;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.secret = new Secret(this, 'Secret', {
      description: "Signs the site's own session tokens (HS256); changing it signs everyone out",
      generateSecretString: {
        passwordLength: TOKEN_KEY_LENGTH,
        excludePunctuation: true,
        includeSpace: false,
      },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'The HS256 key of the sessions: the functions keep one key and cache it per cold start, ' +
        'so a scheduled rotation would invalidate every session at a random moment and leave ' +
        'warm functions verifying with the old key. Rotate by hand when needed ' +
        '(infra/aws/README.md, "The token key").',
    });
  }
}
