import { readPassword, upgradePassword } from './credentials-repository';
import { consumeHit, releaseHit, type Window } from '../rate-limits/rate-limits-repository';
import { getUserByEmail, type StoredUser } from './users-repository';
import { env } from '../../lib/env';
import { normalizeEmail } from '../../lib/identity-hash';
import { logger } from '../../lib/logger';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from './passwords';

/** The outcome of an email and password sign-in. */
export type PasswordSignIn =
  | { readonly kind: 'signed-in'; readonly user: StoredUser }
  | { readonly kind: 'invalid' }
  | { readonly kind: 'unverified' }
  | { readonly kind: 'throttled'; readonly retryAfterSeconds: number };

/**
 * The windows one attempt takes a slot in: this account from this client (an attacker
 * hammering an account locks only themselves out of it; the owner elsewhere still signs in), and
 * this client across accounts (one client cannot spray many accounts). A caller that cannot tell
 * clients apart (`client` null: Cognito's migration trigger never sees the address) takes a slot
 * of the account alone; a shared "client" window would let 20 wrong passwords anywhere block
 * every such sign-in, while the account window and Cognito's own threat protection still hold.
 */
export function signInWindows(email: string, client: string | null): Window[] {
  const config = env();
  const seconds = config.LOGIN_FAILURE_WINDOW_SECONDS;
  const account = normalizeEmail(email);
  if (client === null) {
    return [
      { key: `login#account#${account}`, limit: config.LOGIN_MAX_FAILURES_PER_ACCOUNT, seconds },
    ];
  }
  return [
    {
      key: `login#account-client#${account}#${client}`,
      limit: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      seconds,
    },
    { key: `login#client#${client}`, limit: config.LOGIN_MAX_FAILURES_PER_CLIENT, seconds },
  ];
}

/**
 * Checks an email and password the one way every sign-in does (`POST /api/auth/login`, the local
 * identity provider): the attempt takes its slot atomically before the password is checked, so
 * parallel guesses cannot get past the limit; a correct password gives the slot back, so only
 * failures count. Unknown emails cost a hash too (no timing difference). A correct password
 * re-hashes a weaker or older stored hash. `client` is the client key (`clientIp`/`clientKey`), or
 * null where the client is unknown (see `signInWindows`).
 */
export async function passwordSignIn(
  email: string,
  password: string,
  client: string | null,
): Promise<PasswordSignIn> {
  const now = new Date();
  const windows = signInWindows(email, client);
  const wait = await consumeHit(windows, now);
  if (wait > 0) return { kind: 'throttled', retryAfterSeconds: wait };

  const user = await getUserByEmail(normalizeEmail(email));
  const stored = user ? await readPassword(user) : undefined;
  const valid = stored
    ? await verifyPassword(password, stored.hash)
    : (await verifyPassword(password, await decoyHash())) && false;
  if (!user || !stored || !valid) return { kind: 'invalid' };

  await releaseHit(windows, now);
  if (stored.legacy || needsRehash(stored.hash)) {
    try {
      await upgradePassword(user, stored, await hashPassword(password));
    } catch (error) {
      // The sign-in stands; the upgrade is tried again next time.
      logger.warn('password hash upgrade failed', { error });
    }
  }
  return user.is_verified ? { kind: 'signed-in', user } : { kind: 'unverified' };
}
