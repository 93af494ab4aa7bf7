import { createHash, generateKeyPairSync } from 'node:crypto';

/** The public half of a signing key of the product's own tokens (ES256, P-256). */
export interface PublicSigningJwk {
  readonly kty: 'EC';
  readonly crv: 'P-256';
  readonly x: string;
  readonly y: string;
  readonly kid: string;
  readonly alg: 'ES256';
  readonly use: 'sig';
}

/** A signing key with its private part `d`: only token-issuing functions ever hold one. */
export interface PrivateSigningJwk extends PublicSigningJwk {
  readonly d: string;
}

/** A JWK Set of public keys, the form of `TOKEN_VERIFY_KEYS`. */
export interface PublicKeySet {
  readonly keys: readonly PublicSigningJwk[];
}

/**
 * The RFC 7638 thumbprint of an EC public key: a `kid` derived from the key itself, so the same
 * key always carries the same id, wherever it was generated.
 */
function thumbprint(x: string, y: string): string {
  const canonical = JSON.stringify({ crv: 'P-256', kty: 'EC', x, y });
  return createHash('sha256').update(canonical).digest('base64url');
}

/** A fresh ES256 key pair as a private JWK with its `kid`. */
export function generateSigningKey(): PrivateSigningJwk {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const { x, y, d } = privateKey.export({ format: 'jwk' });
  if (!x || !y || !d) throw new Error('Node exported an incomplete EC key');
  return { kty: 'EC', crv: 'P-256', x, y, d, kid: thumbprint(x, y), alg: 'ES256', use: 'sig' };
}

/** The public half of a signing key: what verifying functions get. */
export function publicJwk(key: PublicSigningJwk): PublicSigningJwk {
  const { kty, crv, x, y, kid, alg, use } = key;
  return { kty, crv, x, y, kid, alg, use };
}

/** The public JWK Set of some signing keys, in their order. */
export function publicKeySet(keys: readonly PublicSigningJwk[]): PublicKeySet {
  return { keys: keys.map(publicJwk) };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** Whether a parsed JSON value is a private ES256 signing JWK. */
export function isPrivateSigningJwk(value: unknown): value is PrivateSigningJwk {
  return (
    isRecord(value) &&
    value.kty === 'EC' &&
    value.crv === 'P-256' &&
    typeof value.x === 'string' &&
    typeof value.y === 'string' &&
    typeof value.d === 'string' &&
    typeof value.kid === 'string' &&
    value.kid.length > 0
  );
}

/**
 * The signing keys in a secret's text: a single private JWK (`TOKEN_SIGNING_KEY` locally) or a
 * JWK Set of them (the Secrets Manager secret on AWS), the first of which signs. Refuses anything
 * else, so a wrong value fails at the first token rather than signing with nonsense.
 */
export function parseSigningKeys(text: string): PrivateSigningJwk[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('The token signing key is not JSON');
  }
  const keys = isRecord(parsed) && Array.isArray(parsed.keys) ? parsed.keys : [parsed];
  if (keys.length === 0 || !keys.every(isPrivateSigningJwk)) {
    throw new Error('The token signing key is not a private ES256 JWK (or a set of them)');
  }
  return keys;
}

/**
 * The signing keys as the Secrets Manager secret keeps them on AWS: `keys[0]` signs, a previous
 * key stays for one more generation so tokens it signed keep verifying until they expire.
 */
export interface StoredSigningKeys {
  readonly generation: string;
  readonly keys: readonly PrivateSigningJwk[];
}

/**
 * The keys for a deployment's `generation`: the stored ones while the generation is the same (a
 * deployment never rotates by itself), else a fresh signing key followed by the one it replaces.
 * Keys older than that are dropped, so rotating twice retires a leaked key at once.
 */
export function keysForGeneration(
  stored: StoredSigningKeys | undefined,
  generation: string,
): StoredSigningKeys {
  if (stored?.generation === generation) return stored;
  const previous = stored?.keys[0];
  return { generation, keys: [generateSigningKey(), ...(previous ? [previous] : [])] };
}

/** The stored keys in a secret's text, or undefined when it holds none (not yet written). */
export function parseStoredSigningKeys(text: string | undefined): StoredSigningKeys | undefined {
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as { generation?: unknown };
    if (typeof parsed.generation !== 'string') return undefined;
    return { generation: parsed.generation, keys: parseSigningKeys(text) };
  } catch {
    return undefined;
  }
}
