import { createHash, randomBytes } from 'node:crypto';

/**
 * One-time tokens of mailed links (email verification, password reset). A token is
 * `<userId>.<secret>`: the user id finds the stored hash with one GetItem (no Scan), the secret is
 * 32 random bytes of which the table keeps only the SHA-256.
 */
export interface IssuedSecret {
  readonly secret: string;
  readonly hash: string;
}

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/** A fresh secret and the hash to store. */
export function issueSecret(): IssuedSecret {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashSecret(secret) };
}

/** The token that goes into the link. */
export const oneTimeToken = (userId: string, secret: string) => `${userId}.${secret}`;

/** The user and secret hash a token names, or undefined when it has not a token's shape. */
export function readToken(token: string): { userId: string; hash: string } | undefined {
  const match = /^([0-9A-HJKMNP-TV-Z]{26})\.([A-Za-z0-9_-]{43})$/.exec(token.trim());
  if (!match?.[1] || !match[2]) return undefined;
  return { userId: match[1], hash: hashSecret(match[2]) };
}
