import { Effect, PolicyStatement, type IRole } from 'aws-cdk-lib/aws-iam';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { SecretName } from '@hatchworks/shared/routes';
import { CREDENTIAL_PARTITION_PREFIX } from '@hatchworks/functions/modules/table/keys';
import type { FunctionSpec } from './function-spec';
import { TABLE_ACTIONS } from './table-actions';

/** The keys and settings the stack holds; each function gets only the part its spec names. */
export interface FunctionKeys {
  /** The identity provider's settings and the login limits (`AUTH_ISSUER`, ...). */
  readonly tokenEnvironment: Readonly<Record<string, string>>;
  /** The public JWK Set of the product's own tokens (`TOKEN_VERIFY_KEYS`). */
  readonly verifyKeys: string;
  /** The secret holding the private signing keys (`TOKEN_SIGNING_KEY_ARN`). */
  readonly signingKey: ISecret;
  /** The functions' other secret keys, by name (`<NAME>_ARN`). */
  readonly secrets: ReadonlyMap<SecretName, ISecret>;
}

/** The environment a spec's keys add, and the secrets its role must be able to read. */
export function keysFor(
  spec: FunctionSpec,
  keys: FunctionKeys | undefined,
): { environment: Record<string, string>; readable: ISecret[] } {
  const needsKeys = spec.verifiesTokens || spec.signsTokens || (spec.secrets ?? []).length > 0;
  if (!needsKeys) return { environment: {}, readable: [] };
  if (!keys) throw new Error(`${spec.id} needs keys (tokens or secrets) but none were given`);
  const environment: Record<string, string> = {};
  const readable: ISecret[] = [];
  if (spec.verifiesTokens) {
    Object.assign(environment, keys.tokenEnvironment, { TOKEN_VERIFY_KEYS: keys.verifyKeys });
  }
  if (spec.signsTokens) {
    environment.TOKEN_SIGNING_KEY_ARN = keys.signingKey.secretArn;
    readable.push(keys.signingKey);
  }
  for (const name of spec.secrets ?? []) {
    const secret = keys.secrets.get(name);
    if (!secret) throw new Error(`${spec.id} reads the secret ${name}, which the stack lacks`);
    environment[`${name}_ARN`] = secret.secretArn;
    readable.push(secret);
  }
  return { environment, readable };
}

/**
 * The explicit deny that keeps password hashes and one-time tokens (`CREDENTIAL#<user>`) away
 * from every function whose spec is not `credentials`: whatever the function's own grants say
 * (now or after a later change), no item request naming such a partition key passes.
 * `ForAnyValue` because `dynamodb:LeadingKeys` holds every partition key of a request (a
 * BatchGetItem names several): one credential key is enough to deny, and a request without
 * partition keys is not matched (`ForAllValues` would match it, its set being empty).
 */
export function denyCredentials(role: IRole, table: ITable): void {
  role.addToPrincipalPolicy(
    new PolicyStatement({
      sid: 'DenyCredentialItems',
      effect: Effect.DENY,
      actions: [...TABLE_ACTIONS.readwrite],
      resources: [table.tableArn, `${table.tableArn}/index/*`],
      conditions: {
        'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': [`${CREDENTIAL_PARTITION_PREFIX}*`] },
      },
    }),
  );
}
