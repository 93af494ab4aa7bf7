import {
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { User as OidcUser } from 'oidc-client-ts';
import type { User } from '@hatchworks/shared/schemas/users';
import { LoadingState } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-error';
import { setAuthRejectedHandler } from '../../../lib/api-client';
import type { HostedLogin } from '../../../lib/hosted-login';
import {
  clearPersistedAuth,
  readPersistedAuth,
  updatePersistedUser,
  writePersistedAuth,
} from '../../../lib/auth-storage';
import { SessionContext, type Session, type SessionStatus } from '../../../lib/session';
import { getCurrentUserQueryOptions } from '../api/get-current-user';
import { verifyUser } from '../api/verify-user';
import { claimsOf, verifyUserPayload, type IdentityClaims } from '../utils/identity';
import {
  INITIAL_VERIFICATION,
  runVerification,
  type VerificationState,
} from '../utils/verification';
import { rememberSignOut, type SignOutReason } from '../../../lib/signed-out-notice';

/**
 * How the visitor is signed in: still being restored, not at all, through the identity provider
 * (verified against the server), or with the product's own token (email and password login).
 */
type Mode =
  | { readonly kind: 'restoring' }
  | { readonly kind: 'anonymous' }
  | { readonly kind: 'idp'; readonly claims: IdentityClaims }
  | { readonly kind: 'own' };

/** 401 and 403 count as authorisation failures: the session is over. */
const isAuthFailure = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);

const currentPath = () =>
  `${window.location.pathname}${window.location.search}${window.location.hash}`;

interface AuthProviderProps {
  /** The hosted-login client; null when `/config.json` configures no identity provider. */
  client: HostedLogin | null;
  children: ReactNode;
}

/**
 * Owns the session: restores it on start (full-screen 'Loading...' meanwhile), verifies
 * an IdP sign-in against the server, keeps the persisted auth state in step and logs out.
 */
export function AuthProvider({ client, children }: AuthProviderProps) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>({ kind: 'restoring' });
  const [verification, setVerification] = useState<VerificationState>(INITIAL_VERIFICATION);
  const [user, setUser] = useState<User | null>(null);
  const [round, setRound] = useState(0);
  const loggingOut = useRef(false);

  const logout = useCallback(
    async (options: { reason?: SignOutReason } = {}) => {
      if (loggingOut.current) return;
      loggingOut.current = true;
      rememberSignOut(options.reason ?? 'signed_out');
      const idpSession = client ? await client.currentUser().catch(() => null) : null;
      clearPersistedAuth();
      queryClient.removeQueries({ queryKey: ['user'] });
      setUser(null);
      if (client && idpSession) {
        try {
          await client.signOut();
          return;
        } catch (error) {
          console.warn('Identity provider sign-out failed; signing out locally', error);
          await client.forget().catch(() => undefined);
        }
      }
      window.location.assign('/');
    },
    [client, queryClient],
  );

  const refreshUser = useCallback(async () => {
    try {
      const fresh = await queryClient.fetchQuery({ ...getCurrentUserQueryOptions(), staleTime: 0 });
      setUser(fresh);
      updatePersistedUser(fresh);
    } catch (error) {
      if (isAuthFailure(error)) await logout();
      else throw error;
    }
  }, [logout, queryClient]);

  const completeSignIn = useCallback(async () => {
    if (!client) throw new Error('Sign-in is not configured');
    const { user: oidcUser, returnTo } = await client.completeSignIn();
    // Whatever own-token session there was is replaced by this sign-in.
    clearPersistedAuth();
    setMode({ kind: 'idp', claims: claimsOf(oidcUser) });
    return returnTo;
  }, [client]);

  // Restore: an IdP session from its store, else the persisted own-token session.
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const oidcUser = client ? await client.currentUser().catch(() => null) : null;
      if (cancelled) return;
      // The first render of the whole page follows: a background one, cut into slices that leave
      // the browser free to answer input, rather than one long task.
      if (oidcUser) {
        startTransition(() =>
          setMode((current) =>
            current.kind === 'restoring' ? { kind: 'idp', claims: claimsOf(oidcUser) } : current,
          ),
        );
        return;
      }
      const persisted = readPersistedAuth();
      startTransition(() => {
        setUser(persisted?.user ?? null);
        setMode((current) =>
          current.kind === 'restoring' ? { kind: persisted ? 'own' : 'anonymous' } : current,
        );
      });
      // An own-token session shows the stored user at once, then checks it is still valid.
      if (persisted) {
        refreshUser().catch((error: unknown) => console.warn('Profile refresh failed', error));
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [client, refreshUser]);

  // An IdP session is verified against the server before the user counts as signed in.
  useEffect(() => {
    if (mode.kind !== 'idp') return undefined;
    const controller = new AbortController();
    void runVerification({
      verify: (signal) => verifyUser(verifyUserPayload(mode.claims), signal),
      signal: controller.signal,
      onChange: (state) => {
        setVerification(state);
        if (state.status !== 'user_verified') return;
        setUser(state.user);
        void client?.accessToken().then((token) => {
          if (token) writePersistedAuth(state.user, token);
        });
      },
    });
    return () => controller.abort();
  }, [client, mode, round]);

  // A token the API refuses while this tab still holds it: the session ended elsewhere.
  useEffect(() => {
    setAuthRejectedHandler(() => void logout({ reason: 'session_ended' }));
    return () => setAuthRejectedHandler(undefined);
  }, [logout]);

  // Renewed IdP tokens replace the persisted copy.
  useEffect(() => {
    if (!client) return undefined;
    const onLoaded = (renewed: OidcUser) => {
      const stored = readPersistedAuth();
      if (stored?.user) writePersistedAuth(stored.user, renewed.access_token);
    };
    return client.onUserLoaded(onLoaded);
  }, [client]);

  const session = useMemo<Session>(() => {
    // Only an IdP sign-in is verified; for the other modes the stored state is left over.
    const current: VerificationState =
      mode.kind === 'idp'
        ? verification
        : mode.kind === 'anonymous'
          ? { status: 'not_authenticated' }
          : INITIAL_VERIFICATION;
    let status: SessionStatus = 'loading';
    if (mode.kind === 'anonymous') status = 'signed_out';
    if (mode.kind === 'own') status = user ? 'signed_in' : 'loading';
    if (current.status === 'user_verified' && user) status = 'signed_in';
    if (current.status === 'verification_error') status = 'signed_out';
    return {
      status,
      user: status === 'signed_in' ? user : null,
      signInAvailable: client !== null,
      error: current.status === 'verification_error' ? current.message : null,
      login: async (options) => {
        await client?.signIn({ returnTo: options?.returnTo ?? currentPath() });
      },
      signUp: async () => {
        await client?.signIn({ returnTo: currentPath(), signUp: true });
      },
      logout,
      completeSignIn,
      retry: () => setRound((value) => value + 1),
      updateUser: (next) => {
        setUser(next);
        updatePersistedUser(next);
      },
      adoptNewToken: (result) => {
        // The change ended every session, the hosted login's too: this tab goes on with the
        // product's own token the answer brought.
        setUser(result.user);
        void (async () => {
          // Forgotten first: the token provider prefers a hosted sign-in while there is one.
          if (mode.kind === 'idp') await client?.forget().catch(() => undefined);
          writePersistedAuth(result.user, result.token);
          if (mode.kind === 'idp') setMode({ kind: 'own' });
        })();
      },
      refreshUser,
    };
  }, [client, completeSignIn, logout, mode, refreshUser, user, verification]);

  if (mode.kind === 'restoring') return <LoadingState label="Loading..." fullScreen />;
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
