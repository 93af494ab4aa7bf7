import { createContext, useContext } from 'react';
import type { AuthResult, User } from '@hatchworks/shared/schemas/users';
import type { SignOutReason } from './signed-out-notice';

/**
 * Where the session is: `loading` while it is restored or the user is verified,
 * `signed_out`, or `signed_in` with the verified user.
 */
export type SessionStatus = 'loading' | 'signed_out' | 'signed_in';

/** The signed-in person and the session's actions, for every feature that cares who is looking. */
export interface Session {
  readonly status: SessionStatus;
  /** The verified user; null unless `signed_in`. */
  readonly user: User | null;
  /** False when `/config.json` has no identity provider: Login and Sign Up cannot work. */
  readonly signInAvailable: boolean;
  /** Why the last sign-in could not be completed (verification failure), if it could not. */
  readonly error: string | null;
  /**
   * Starts the hosted login, returning to the current page afterwards, or to `returnTo` (e.g. from
   * a page whose one-time link must not be opened twice).
   */
  login(options?: { returnTo?: string }): Promise<void>;
  /** Starts the hosted login on its sign-up page. */
  signUp(): Promise<void>;
  /**
   * Clears the session everywhere and returns to the site origin, which says once that
   * the person is signed out (or that the account was deleted).
   */
  logout(options?: { reason?: SignOutReason }): Promise<void>;
  /**
   * Completes the hosted login on `/auth/callback` and answers the path to return to. Rejects with
   * the provider's error when the exchange fails.
   */
  completeSignIn(): Promise<string>;
  /** Runs the verification again after it failed. */
  retry(): void;
  /** Replaces the user after a change the server answered with (profile edit, daily claim). */
  updateUser(user: User): void;
  /**
   * Takes the answer of a password change: a session with the product's own token stores the
   * fresh one (every earlier own token is revoked); a hosted-login session keeps its provider's
   * tokens and takes only the user.
   */
  adoptNewToken(result: AuthResult): void;
  /** Reloads the user from the server; an auth failure logs out. */
  refreshUser(): Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

/** The current session; components must sit below the auth provider. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession is used outside the auth provider');
  return session;
}
