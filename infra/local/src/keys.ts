import { randomBytes } from 'node:crypto';
import {
  generateSigningKey,
  isPrivateSigningJwk,
  publicKeySet,
  type PrivateSigningJwk,
} from '@hatchworks/functions/lib/token-keys';
import { readJsonFile, writeJsonFile } from './idp/json-file';

/** The functions' keys on one machine; on AWS each is a secret of its own (infra/aws/README.md). */
export interface LocalKeys {
  /** Signs the product's own tokens (ES256, private JWK). */
  readonly tokenSigningKey: PrivateSigningJwk;
  /** HMAC key of the anonymous tracker cookie. */
  readonly anonymousIdKey: string;
  /** Key of the keyed hashes that remember deleted accounts' emails and identities. */
  readonly identityHashKey: string;
}

const randomKey = () => randomBytes(32).toString('base64url');

/**
 * The keys, made once and kept in `file` (owner-only), so tokens and cookies stay valid across
 * restarts; fresh ones in memory without a file (tests). A key missing from an older file is
 * added, the others kept.
 */
export function loadOrCreateLocalKeys(file?: string): LocalKeys {
  const saved = file ? readJsonFile<Partial<LocalKeys>>(file) : undefined;
  const keys: LocalKeys = {
    tokenSigningKey: isPrivateSigningJwk(saved?.tokenSigningKey)
      ? saved.tokenSigningKey
      : generateSigningKey(),
    anonymousIdKey: saved?.anonymousIdKey ?? randomKey(),
    identityHashKey: saved?.identityHashKey ?? randomKey(),
  };
  if (file && JSON.stringify(saved) !== JSON.stringify(keys)) writeJsonFile(file, keys);
  return keys;
}

/**
 * The handlers' environment for the keys. Locally every handler runs in the one process, so all of
 * them see the private key; on AWS only the token-issuing functions get it.
 */
export function keyEnvironment(keys: LocalKeys): Record<string, string> {
  return {
    TOKEN_SIGNING_KEY: JSON.stringify(keys.tokenSigningKey),
    TOKEN_VERIFY_KEYS: JSON.stringify(publicKeySet([keys.tokenSigningKey])),
    ANONYMOUS_ID_KEY: keys.anonymousIdKey,
    IDENTITY_HASH_KEY: keys.identityHashKey,
  };
}
