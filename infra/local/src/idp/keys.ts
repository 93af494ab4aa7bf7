import { generateKeyPairSync, randomBytes, type JsonWebKey } from 'node:crypto';
import { readJsonFile, writeJsonFile } from './json-file';

/** An RSA signing key as a private JWK, with the `kid` and `alg` the provider publishes. */
export interface SigningJwk extends JsonWebKey {
  readonly kty: 'RSA';
  readonly kid: string;
  readonly alg: 'RS256';
  readonly use: 'sig';
}

/** The provider's secrets: its token signing key and the keys that sign its cookies. */
export interface ProviderKeys {
  readonly signing: SigningJwk;
  readonly cookieKeys: readonly string[];
}

function generateKeys(): ProviderKeys {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    signing: {
      ...privateKey.export({ format: 'jwk' }),
      kty: 'RSA',
      kid: randomBytes(12).toString('base64url'),
      alg: 'RS256',
      use: 'sig',
    },
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
}

/**
 * The provider's keys, made once and kept in `file` so that tokens, ID token hints and session
 * cookies stay valid across restarts; fresh ones in memory when there is no file (tests).
 */
export function loadOrCreateKeys(file?: string): ProviderKeys {
  const saved = file ? readJsonFile<ProviderKeys>(file) : undefined;
  if (saved) return saved;
  const keys = generateKeys();
  if (file) writeJsonFile(file, keys);
  return keys;
}

/** The public half of the signing key, for verifying the provider's own access tokens. */
export function publicJwk(key: SigningJwk): JsonWebKey {
  const { kty, n, e, kid, alg, use } = key;
  return { kty, n, e, kid, alg, use };
}
