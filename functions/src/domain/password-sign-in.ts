import { recordHits, retryAfterSeconds, type Window } from '../data/rate-limits-repository';
import { getUserByEmail, type StoredUser } from '../data/users-repository';
import { env } from '../lib/env';
import { decoyHash, verifyPassword } from '../lib/passwords';

/** The outcome of checking an email and password (issue 9 contract). */
export type PasswordSignIn =
  | { readonly kind: 'signed-in'; readonly user: StoredUser }
  | { readonly kind: 'invalid' }
  | { readonly kind: 'unverified' }
  | { readonly kind: 'throttled'; readonly retryAfterSeconds: number };

/**
 * Checks an email and password with the login's failure limits (per account and per `client`):
 * the product's password sign-in, for the hosted logins that accept product accounts (the Cognito
 * migration trigger on AWS). A correct password of an unverified account is `unverified`.
 *
 * Stand-in with the checks of `POST /api/auth/login` until the accounts work lands its own
 * (atomic slots, hash upgrades); the contract of issue 9 fixes this signature.
 */
export async function passwordSignIn(
  email: string,
  password: string,
  client: string,
): Promise<PasswordSignIn> {
  const config = env();
  const seconds = config.LOGIN_FAILURE_WINDOW_SECONDS;
  const normalized = email.trim().toLowerCase();
  const windows: Window[] = [
    { key: `login-account#${normalized}`, limit: config.LOGIN_MAX_FAILURES_PER_ACCOUNT, seconds },
    { key: `login-client#${client}`, limit: config.LOGIN_MAX_FAILURES_PER_CLIENT, seconds },
  ];
  const wait = await retryAfterSeconds(windows);
  if (wait > 0) return { kind: 'throttled', retryAfterSeconds: wait };
  const user = await getUserByEmail(normalized);
  // Unknown emails cost a hash too, so timing does not tell which addresses have accounts.
  const valid = user?.password_hash
    ? await verifyPassword(password, user.password_hash)
    : (await verifyPassword(password, await decoyHash())) && false;
  if (!user || !valid) {
    await recordHits(windows);
    return { kind: 'invalid' };
  }
  return user.is_verified ? { kind: 'signed-in', user } : { kind: 'unverified' };
}
