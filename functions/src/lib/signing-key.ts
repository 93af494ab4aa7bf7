import { importJWK } from 'jose';
import { env } from './env';
import { getSecretString } from './secrets-manager';
import { parseSigningKeys } from './token-keys';

/** The key that signs the product's own tokens, ready for jose, with its `kid`. */
export interface SigningKey {
  readonly kid: string;
  readonly key: Awaited<ReturnType<typeof importJWK>>;
}

let loaded: Promise<SigningKey> | undefined;

async function signingKeyText(): Promise<string> {
  const config = env();
  if (config.TOKEN_SIGNING_KEY) return config.TOKEN_SIGNING_KEY;
  if (!config.TOKEN_SIGNING_KEY_ARN) {
    // Only the manifest's `signsTokens` routes get either: any other function signing is a bug.
    throw new Error(
      'Invalid function configuration: TOKEN_SIGNING_KEY or TOKEN_SIGNING_KEY_ARN is required',
    );
  }
  return getSecretString(config.TOKEN_SIGNING_KEY_ARN);
}

/**
 * The private ES256 key of the product's own tokens, read once per cold start: from
 * `TOKEN_SIGNING_KEY` (a private JWK, locally) or the Secrets Manager secret in
 * `TOKEN_SIGNING_KEY_ARN` (a JWK Set whose first key signs, on AWS).
 */
export function signingKey(): Promise<SigningKey> {
  loaded ??= (async () => {
    const [current] = parseSigningKeys(await signingKeyText());
    if (!current) throw new Error('The token signing key set is empty');
    return { kid: current.kid, key: await importJWK(current, 'ES256') };
  })();
  loaded.catch(() => {
    loaded = undefined;
  });
  return loaded;
}
