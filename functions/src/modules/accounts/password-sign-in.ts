import { readPassword, upgradePassword, type StoredPassword } from './credentials-repository';
import { consumeHit, releaseHit, type Window } from '../rate-limits/rate-limits-repository';
import type { PoolPasswords } from './cognito-passwords';
import { USER_POOL_STORE } from './password-store';
import { getUserByEmail, type StoredUser } from './users-repository';
import { env } from '../../lib/env';
import { normalizeEmail } from '../../lib/identity-hash';
import { logger } from '../../lib/logger';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from './passwords';

/** The outcome of an email and password sign-in. */
export type PasswordSignIn =
  | { readonly kind: 'signed-in'; readonly user: StoredUser }
  /**
   * The password is right, but the user pool asks for another step (a TOTP code): only the
   * hosted login signs such an account in.
   */
  | { readonly kind: 'second-step'; readonly user: StoredUser }
  | { readonly kind: 'invalid' }
  | { readonly kind: 'unverified' }
  | Throttled;

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

/** An attempt refused before its password was looked at. */
interface Throttled {
  readonly kind: 'throttled';
  readonly retryAfterSeconds: number;
}

/**
 * Runs one password check within the sign-in limits: the attempt takes its slot atomically before
 * the password is checked, so parallel guesses cannot get past the limit; a correct password
 * (any outcome but 'invalid') gives the slot back, so only failures count.
 */
async function withinLimits<Outcome extends { readonly kind: string }>(
  email: string,
  client: string | null,
  check: () => Promise<Outcome>,
): Promise<Outcome | Throttled> {
  const now = new Date();
  const windows = signInWindows(email, client);
  const wait = await consumeHit(windows, now);
  if (wait > 0) return { kind: 'throttled', retryAfterSeconds: wait };
  const outcome = await check();
  if (outcome.kind !== 'invalid') await releaseHit(windows, now);
  return outcome;
}

/** How the product's own store judged a password, with the hash it was checked against. */
type ProductCheck =
  | { readonly kind: 'valid'; readonly user: StoredUser; readonly stored: StoredPassword }
  | { readonly kind: 'invalid' };

/**
 * Checks a password against the product's `PASSWORD` item. Unknown emails (and accounts whose
 * password lives in the user pool, passed as no user) cost a hash too: no timing difference.
 */
async function checkProductPassword(
  user: StoredUser | undefined,
  password: string,
): Promise<ProductCheck> {
  const stored = user ? await readPassword(user) : undefined;
  const valid = stored
    ? await verifyPassword(password, stored.hash)
    : (await verifyPassword(password, await decoyHash())) && false;
  return user && stored && valid ? { kind: 'valid', user, stored } : { kind: 'invalid' };
}

/** Re-hashes a weaker or older stored hash once its password was proven. */
async function upgradeIfWeak(user: StoredUser, stored: StoredPassword, password: string) {
  if (!stored.legacy && !needsRehash(stored.hash)) return;
  try {
    await upgradePassword(user, stored, await hashPassword(password));
  } catch (error) {
    // The sign-in stands; the upgrade is tried again next time.
    logger.warn('password hash upgrade failed', { error });
  }
}

/** The user pool's verdict on an account whose password lives there. */
async function checkPoolPassword(
  user: StoredUser,
  password: string,
  pool: PoolPasswords,
): Promise<PasswordSignIn> {
  switch (await pool.checkPassword(user.email, password)) {
    case 'valid':
      return user.is_verified ? { kind: 'signed-in', user } : { kind: 'unverified' };
    case 'second-step':
      return user.is_verified ? { kind: 'second-step', user } : { kind: 'unverified' };
    case 'unverified':
      return { kind: 'unverified' };
    case 'invalid':
      return { kind: 'invalid' };
  }
}

/**
 * Checks an email and password the one way every sign-in does (`POST /api/auth/login`, the
 * password change, the local identity provider), within the limits of `withinLimits`, against
 * the store the account's password lives in: the user pool for `password_store: 'cognito'`
 * (`pool`: `userPoolPasswords()` on AWS; the caller passes it, so a function that never reaches
 * the pool does not bundle its client), else the product's own item, where a correct password
 * re-hashes a weaker or older stored hash. `client` is the client key (`clientIp`/`clientKey`),
 * or null where the client is unknown (see `signInWindows`).
 */
export async function passwordSignIn(
  email: string,
  password: string,
  client: string | null,
  pool?: PoolPasswords,
): Promise<PasswordSignIn> {
  return withinLimits(email, client, async (): Promise<PasswordSignIn> => {
    const user = await getUserByEmail(normalizeEmail(email));
    if (user?.password_store === USER_POOL_STORE) {
      if (pool) return checkPoolPassword(user, password, pool);
      // Without the pool (the login moved to another issuer) the password is out of reach, and
      // a product copy left behind is never the account's password: the site's reset sets one.
      await checkProductPassword(undefined, password);
      return { kind: 'invalid' };
    }
    const check = await checkProductPassword(user, password);
    if (check.kind === 'invalid') return check;
    await upgradeIfWeak(check.user, check.stored, password);
    if (!check.user.is_verified) return { kind: 'unverified' };
    await afterEndedSessions(check.user);
    return { kind: 'signed-in', user: check.user };
  });
}

/**
 * A sign-in that succeeds within the second in which the account's sessions ended (a password
 * change, a reset or "sign out everywhere" sets `sessions_valid_after` to the next whole second)
 * waits for that second to pass: token times are whole seconds, so a token issued before then
 * would count among the ended sessions and the person, signed in with the new password, would be
 * signed out at once. It waits at most a second, and only right after such a change.
 */
async function afterEndedSessions(user: StoredUser): Promise<void> {
  const wait = (user.sessions_valid_after ?? 0) * 1000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/** The outcome of `productPasswordSignIn`: a sign-in, with the hash the password matched. */
export type ProductPasswordSignIn =
  | {
      readonly kind: 'signed-in';
      readonly user: StoredUser;
      readonly stored: StoredPassword;
    }
  | { readonly kind: 'invalid' }
  | { readonly kind: 'unverified' }
  | Throttled;

/**
 * Checks an email and password against the product's own store only, within the same limits:
 * for the user pool's migration trigger, which moves an account's password into the pool. An
 * account whose password lives in the pool already is refused like a wrong password: Cognito
 * asks the trigger about it only when the pool has no such user, and a product copy is never its
 * password. Answers the hash that matched, which the move deletes on the condition that it is
 * still there (so no re-hash happens here).
 */
export async function productPasswordSignIn(
  email: string,
  password: string,
  client: string | null,
): Promise<ProductPasswordSignIn> {
  return withinLimits(email, client, async (): Promise<ProductPasswordSignIn> => {
    const user = await getUserByEmail(normalizeEmail(email));
    const check = await checkProductPassword(
      user?.password_store === USER_POOL_STORE ? undefined : user,
      password,
    );
    if (check.kind === 'invalid') return check;
    return check.user.is_verified
      ? { kind: 'signed-in', user: check.user, stored: check.stored }
      : { kind: 'unverified' };
  });
}
