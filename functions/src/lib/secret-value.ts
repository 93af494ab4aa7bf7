import type { SecretName } from '@hatchworks/shared/routes';
import { getSecretString } from './secrets-manager';

/**
 * The secrets a function reads by name: the manifest's secret keys, the origin secret that
 * every API function checks (`ORIGIN_VERIFY_SECRET`) and the JWK Set the token-issuing routes
 * sign with (`TOKEN_SIGNING_KEY`).
 */
export type FunctionSecretName = SecretName | 'ORIGIN_VERIFY_SECRET' | 'TOKEN_SIGNING_KEY';

const cache = new Map<FunctionSecretName, Promise<string>>();

/**
 * A secret of the function, read once per cold start: from the environment variable of its name
 * locally and in tests (`IDENTITY_HASH_KEY`), or from the Secrets Manager secret whose ARN is in
 * `<NAME>_ARN` on AWS. A failed read is not kept: the next request tries again.
 */
export function secretString(name: FunctionSecretName): Promise<string> {
  let value = cache.get(name);
  if (!value) {
    value = load(name);
    value.catch(() => cache.delete(name));
    cache.set(name, value);
  }
  return value;
}

/** Whether the function has the secret at all, directly or by ARN. */
export const secretConfigured = (name: FunctionSecretName): boolean =>
  Boolean(process.env[name] || process.env[`${name}_ARN`]);

/** A secret key as bytes (an HMAC key); the manifest's `secrets` list decides who gets which. */
export async function secretValue(name: SecretName): Promise<Uint8Array> {
  return new TextEncoder().encode(await secretString(name));
}

async function load(name: FunctionSecretName): Promise<string> {
  const direct = process.env[name];
  if (direct) return checked(name, direct);
  const arn = process.env[`${name}_ARN`];
  if (!arn) {
    throw new Error(`Invalid function configuration: ${name} or ${name}_ARN is required`);
  }
  return checked(name, await getSecretString(arn));
}

function checked(name: FunctionSecretName, value: string): string {
  if (value.length < 32)
    throw new Error(`The secret ${name} is missing or shorter than 32 characters`);
  return value;
}
