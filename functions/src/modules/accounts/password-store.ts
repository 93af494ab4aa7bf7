import { env } from '../../lib/env';

/**
 * Where an account's password lives, recorded on the user as `password_store`: `'cognito'` for
 * the stack's user pool; absent for the product's own `CREDENTIAL#<id>` / `PASSWORD` item.
 */
export type PasswordStore = 'cognito';

export const USER_POOL_STORE: PasswordStore = 'cognito';

/**
 * The store of the password that comes with a hosted identity of `issuer`: the user pool when
 * the issuer is the stack's own pool (its sign-ups chose a password there), else none (an
 * external provider keeps its passwords to itself, and the account has none in the product).
 */
export function passwordStoreOf(issuer: string): PasswordStore | undefined {
  const { USER_POOL_ID, AUTH_ISSUER } = env();
  if (!USER_POOL_ID || issuer !== AUTH_ISSUER) return undefined;
  return issuer.endsWith(`/${USER_POOL_ID}`) ? USER_POOL_STORE : undefined;
}
