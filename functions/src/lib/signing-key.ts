import { importJWK } from 'jose';
import { secretString } from './secret-value';
import { parseSigningKeys } from './token-keys';

/** The key that signs the product's own tokens, ready for jose, with its `kid`. */
export interface SigningKey {
  readonly kid: string;
  readonly key: Awaited<ReturnType<typeof importJWK>>;
}

let loaded: Promise<SigningKey> | undefined;

/**
 * The private ES256 key of the product's own tokens, read once per cold start: from
 * `TOKEN_SIGNING_KEY` (a private JWK, locally) or the Secrets Manager secret in
 * `TOKEN_SIGNING_KEY_ARN` (a JWK Set whose first key signs, on AWS).
 */
export function signingKey(): Promise<SigningKey> {
  loaded ??= (async () => {
    // Only the manifest's `signsTokens` routes have it: any other function signing is a bug.
    const [current] = parseSigningKeys(await secretString('TOKEN_SIGNING_KEY'));
    if (!current) throw new Error('The token signing key set is empty');
    return { kid: current.kid, key: await importJWK(current, 'ES256') };
  })();
  loaded.catch(() => {
    loaded = undefined;
  });
  return loaded;
}
