import { useCallback, useEffect, useState } from 'react';
import type { User } from '@hatchworks/shared/schemas/users';
import { getCurrentUser } from '../features/auth/api/get-current-user';
import { verifyUser } from '../features/auth/api/verify-user';
import { claimsOf, verifyUserPayload } from '../features/auth/utils/identity';
import { isClientError } from '../lib/api-error';
import { readPersistedAuth } from '../lib/auth-storage';
import type { HostedLogin } from '../lib/hosted-login';

export const SIGN_IN_MESSAGES = {
  cancelled: 'Sign-in was cancelled.',
  blocked: 'The sign-in window could not open. Allow pop-ups for this page and try again.',
  failed: 'Sign-in failed. Please try again.',
} as const;

/** Who is looking at the panel: still being found out, nobody, or a verified user. */
export type PanelSession =
  | { readonly status: 'loading' }
  | { readonly status: 'signed_out' }
  | { readonly status: 'signed_in'; readonly user: User };

/** oidc-client-ts rejects a closed popup with "Popup closed by user", a blocked one with "…blocked…". */
function signInProblem(error: unknown): string {
  const message = error instanceof Error ? error.message.toLowerCase() : '';
  if (message.includes('closed')) return SIGN_IN_MESSAGES.cancelled;
  if (message.includes('blocked') || message.includes('window.open')) {
    return SIGN_IN_MESSAGES.blocked;
  }
  return SIGN_IN_MESSAGES.failed;
}

/**
 * The panel's session: whatever session the site left in this frame's storage (the hosted
 * login's, or the product's own token), else signed out until the person signs in through the
 * login popup. The panel never navigates: the popup hands the answer back.
 */
export function usePanelSession(login: HostedLogin | null) {
  const [session, setSession] = useState<PanelSession>({ status: 'loading' });
  const [signingIn, setSigningIn] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    void (async () => {
      const idp = login ? await login.currentUser().catch(() => null) : null;
      if (!idp && !readPersistedAuth()?.token) {
        setSession({ status: 'signed_out' });
        return;
      }
      try {
        const user = await getCurrentUser(controller.signal);
        setSession({ status: 'signed_in', user });
      } catch (error) {
        if (controller.signal.aborted) return;
        // A session the API no longer takes (or an API that cannot answer) reads as signed out.
        if (!isClientError(error)) console.warn('The panel could not read the session', error);
        setSession({ status: 'signed_out' });
      }
    })();
    return () => controller.abort();
  }, [login]);

  const signIn = useCallback(async () => {
    if (!login) return;
    setSigningIn(true);
    setProblem(null);
    try {
      const idp = await login.signInPopup();
      const user = await verifyUser(verifyUserPayload(claimsOf(idp)));
      setSession({ status: 'signed_in', user });
    } catch (error) {
      console.warn('Sign-in from the panel failed', error);
      setProblem(signInProblem(error));
    } finally {
      setSigningIn(false);
    }
  }, [login]);

  const setBalance = useCallback((balance: number) => {
    setSession((current) =>
      current.status === 'signed_in'
        ? { status: 'signed_in', user: { ...current.user, egg_balance: balance } }
        : current,
    );
  }, []);

  return { session, signIn, signingIn, problem, setBalance, canSignIn: login !== null };
}
