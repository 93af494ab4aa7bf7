import { userPoolPasswords, type PoolPasswords } from './cognito-passwords';
import { endSessions, setPassword } from './credentials-repository';
import { USER_POOL_STORE } from './password-store';
import { hashPassword } from './passwords';
import type { StoredUser } from './users-repository';

/** The account after its sessions ended, as stored now; or 'stale' when it changed meanwhile. */
export type SessionsEnded =
  { readonly kind: 'ended'; readonly user: StoredUser } | { readonly kind: 'stale' };

const inPool = (user: StoredUser, pool: PoolPasswords | undefined): pool is PoolPasswords =>
  pool !== undefined && user.password_store === USER_POOL_STORE;

/** The user as `endSessions` and `setPassword` leave it. */
const afterEnd = (user: StoredUser, changes: Partial<StoredUser> = {}): StoredUser => ({
  ...user,
  ...changes,
  token_version: (user.token_version ?? 0) + 1,
});

/**
 * Sets the account's new password where it lives and ends every session of the account (the
 * password change and the reset link; `resetTokenHash` uses the link up in the same write). A
 * password in the user pool is set there (`AdminSetUserPassword`, permanent) and the pool's
 * refresh tokens are revoked before the product ends its own sessions: a failure in the pool
 * changes nothing at all. When the pool has no such user (its creation failed after the
 * migration trigger moved the account, or the user was deleted there), or no pool is configured,
 * the product's store takes the password back.
 */
export async function replacePassword(
  user: StoredUser,
  password: string,
  options: { readonly resetTokenHash?: string } = {},
  pool: PoolPasswords | undefined = userPoolPasswords(),
): Promise<SessionsEnded> {
  if (inPool(user, pool) && (await pool.setPassword(user.email, password)) === 'set') {
    await pool.signOutEverywhere(user.email);
    // A race lost here (the link used twice at once, the account changed) leaves the new
    // password in the pool: whoever held the link or the session chose it.
    return (await endSessions(user, options)) === 'set'
      ? { kind: 'ended', user: afterEnd(user) }
      : { kind: 'stale' };
  }
  const outcome = await setPassword(user, await hashPassword(password), options);
  if (outcome === 'stale') return { kind: 'stale' };
  return {
    kind: 'ended',
    user: afterEnd(user, {
      has_password: true,
      password_store: undefined,
      password_hash: undefined,
    }),
  };
}

/**
 * Ends every session of the account ("sign out everywhere"): the user pool's refresh tokens
 * first (`AdminUserGlobalSignOut`, for an account whose password lives there), then the product's
 * own and hosted tokens (`token_version`, `sessions_valid_after`), so that a failure in the pool
 * leaves the caller signed in to try again rather than half signed out.
 */
export async function endAllSessions(
  user: StoredUser,
  pool: PoolPasswords | undefined = userPoolPasswords(),
): Promise<SessionsEnded> {
  if (inPool(user, pool)) await pool.signOutEverywhere(user.email);
  return (await endSessions(user)) === 'set'
    ? { kind: 'ended', user: afterEnd(user) }
    : { kind: 'stale' };
}
