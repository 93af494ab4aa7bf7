import { CustomResource, Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Provider } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { functionEntry } from '../paths';
import { acknowledgeWildcards } from './acknowledge-wildcards';
import { AppFunction } from './app-function';
import { FunctionRole } from './function-role';

export interface TokenSigningKeyProps {
  /**
   * The key generation: the same value keeps the key pair on every deployment; a new one makes
   * a new signing key and keeps the previous one for verification (infra/aws/README.md).
   */
  readonly generation: string;
}

/**
 * The ES256 key pair of the product's own tokens. Its private half lives in a Secrets Manager
 * secret, written by a custom resource of ours that generates the pair inside the account (so it
 * never passes through a template, a shell or the repository), readable only by the
 * token-issuing functions. Its public half is the resource's `PublicKeys` attribute, plain
 * configuration (`TOKEN_VERIFY_KEYS`) of every function that verifies tokens.
 */
export class TokenSigningKey extends Construct {
  readonly secret: Secret;
  /** The public JWK Set (JSON) of the current and, after a rotation, the previous key. */
  readonly publicKeys: string;
  readonly resource: CustomResource;
  /** The function behind the custom resource. */
  readonly generator: AppFunction;

  constructor(scope: Construct, id: string, props: TokenSigningKeyProps) {
    super(scope, id);
    this.secret = new Secret(this, 'Secret', {
      description:
        "Private ES256 keys of the site's own tokens (a JWK Set; the first signs). Written by " +
        'the TokenSigningKey custom resource; replacing it signs everyone out.',
      // A placeholder until the custom resource's first write: CloudFormation needs a value.
      generateSecretString: { passwordLength: 32, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'The secret holds a key pair whose public half is deployed into every verifying ' +
        "function's configuration; a Secrets Manager rotation would change the private half " +
        'alone and break every token. Keys rotate by deploying a new generation ' +
        '(tokenKeyGeneration context), which updates both halves together.',
    });

    const handler = (this.generator = new AppFunction(this, 'Generator', {
      spec: {
        id: 'TokenSigningKey',
        description: 'Generates and keeps the ES256 key pair of the own tokens',
        entry: functionEntry('custom-resources/token-signing-key'),
        table: 'none',
        timeout: Duration.seconds(30),
      },
    }));
    this.secret.grantRead(handler.role);
    this.secret.grantWrite(handler.role);

    const frameworkLogs = new LogGroup(this, 'ProviderLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // Its own role, without the managed AWSLambdaBasicExecutionRole the framework would attach.
    const frameworkRole = new FunctionRole(this, 'ProviderRole', {
      description: 'Runs the custom resource framework of the token signing key',
    });
    frameworkLogs.grantWrite(frameworkRole);
    const provider = new Provider(this, 'Provider', {
      onEventHandler: handler.function,
      frameworkOnEventRole: frameworkRole,
      logGroup: frameworkLogs,
    });

    this.resource = new CustomResource(this, 'Resource', {
      serviceToken: provider.serviceToken,
      resourceType: 'Custom::TokenSigningKey',
      properties: { SecretArn: this.secret.secretArn, Generation: props.generation },
    });
    this.publicKeys = this.resource.getAttString('PublicKeys');
    this.acknowledgeFindings();
  }

  private acknowledgeFindings(): void {
    // The framework's role (ProviderRole) is ours, so the finding sits on it, beside the provider.
    acknowledgeWildcards(this, [
      {
        finding: /^Resource::<.*Generator.*Handler.*\.Arn>:\*$/,
        reason:
          'The framework may invoke any version of the one generator function it fronts ' +
          '(CDK grants lambda:InvokeFunction on the function and its versions).',
      },
    ]);
  }
}
