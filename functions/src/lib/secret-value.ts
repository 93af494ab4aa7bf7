import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { SecretName } from '@hatchworks/shared/routes';

const cache = new Map<SecretName, Promise<Uint8Array>>();

/**
 * A secret key of the function, read once per cold start: from the environment variable of its
 * name locally and in tests (`IDENTITY_HASH_KEY`), or from the Secrets Manager secret whose ARN is
 * in `<NAME>_ARN` on AWS. The manifest's `secrets` list decides which functions get which.
 */
export function secretValue(name: SecretName): Promise<Uint8Array> {
  let value = cache.get(name);
  if (!value) {
    value = load(name);
    value.catch(() => cache.delete(name));
    cache.set(name, value);
  }
  return value;
}

async function load(name: SecretName): Promise<Uint8Array> {
  const direct = process.env[name];
  if (direct) return checked(name, direct);
  const arn = process.env[`${name}_ARN`];
  if (!arn) {
    throw new Error(`Invalid function configuration: ${name} or ${name}_ARN is required`);
  }
  const client = new SecretsManagerClient({ region: process.env.AWS_REGION ?? 'us-east-1' });
  const answer = await client.send(new GetSecretValueCommand({ SecretId: arn }));
  return checked(name, answer.SecretString ?? '');
}

function checked(name: SecretName, value: string): Uint8Array {
  if (value.length < 32)
    throw new Error(`The secret ${name} is missing or shorter than 32 characters`);
  return new TextEncoder().encode(value);
}
