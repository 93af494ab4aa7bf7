import { vi } from 'vitest';
import { publicKeySet, type PrivateSigningJwk } from '@hatchworks/functions/lib/token-keys';
import { TEST_SCRYPT_N } from './password-cost';
import { testStack } from './stack';

/** Points the functions' data layer, imported into a test's own process, at the stack's table. */
export function useStackTable(): void {
  process.env.TABLE_NAME = testStack().tableName;
  process.env.DYNAMODB_ENDPOINT = testStack().dynamoEndpoint;
  // The stack's functions hash with these: the same person and password cost in either process.
  process.env.IDENTITY_HASH_KEY = testStack().identityHashKey;
  process.env.TOKEN_SIGNING_KEY = testStack().tokenSigningKey;
  // Handlers a test runs in its own process verify the stack's tokens as its functions do.
  const signingKey = JSON.parse(testStack().tokenSigningKey) as PrivateSigningJwk;
  process.env.TOKEN_VERIFY_KEYS = JSON.stringify(publicKeySet([signingKey]));
  process.env.PASSWORD_SCRYPT_N = String(TEST_SCRYPT_N);
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
}

/**
 * Sets variables for the functions a test file imports in its own process (mail transport,
 * delays) and makes those imports load afresh, so configuration an earlier file of the same worker
 * read is not reused (test/support/file-isolation.ts).
 */
export function configureFunctions(variables: Readonly<Record<string, string>>): void {
  Object.assign(process.env, variables);
  vi.resetModules();
}
