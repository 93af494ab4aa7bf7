import type { User as OidcUser } from 'oidc-client-ts';
import type { AuthClient, AuthSettings } from './auth';

type UserLoadedListener = (user: OidcUser) => void;

function browserStorage(): Pick<Storage, 'getItem'> | undefined {
  try {
    return window.localStorage;
  } catch {
    // Blocked storage (privacy settings): there is no stored session to find.
    return undefined;
  }
}

/**
 * Where oidc-client-ts keeps a session in localStorage: its `WebStorageStateStore` prefix `oidc.`
 * and the `UserManager`'s `user:<authority>:<client_id>` key.
 */
export function storedSessionKey(auth: Pick<AuthSettings, 'authority' | 'clientId'>): string {
  return `oidc.user:${auth.authority}:${auth.clientId}`;
}

/**
 * The hosted login, with its library (oidc-client-ts, ~18 KB gzip) loaded only when it is needed:
 * a stored session to restore or renew, a Login or Sign Up click, the callback, the renewal frame
 * or a sign-out. A visitor who never signed in does not download it.
 */
export class HostedLogin {
  private loading: Promise<AuthClient> | undefined;
  private loaded = false;
  private readonly listeners = new Set<UserLoadedListener>();

  constructor(
    private readonly auth: AuthSettings,
    private readonly storage = browserStorage(),
  ) {}

  /** The sign-in client, its module fetched on first use (again after a failed fetch). */
  private client(): Promise<AuthClient> {
    this.loading ??= import('./auth').then(
      ({ AuthClient }) => {
        const client = new AuthClient(this.auth);
        client.userManager.events.addUserLoaded((user) => {
          for (const listener of this.listeners) listener(user);
        });
        this.loaded = true;
        return client;
      },
      (error: unknown) => {
        this.loading = undefined;
        throw error;
      },
    );
    return this.loading;
  }

  /** Whether there may be a session: the library is in, or it left a session in storage. */
  private mayHaveSession(): boolean {
    if (this.loaded) return true;
    try {
      return this.storage?.getItem(storedSessionKey(this.auth)) != null;
    } catch {
      return false;
    }
  }

  /** The stored IdP session, or null; without one nothing is downloaded. */
  async currentUser(): Promise<OidcUser | null> {
    if (!this.mayHaveSession()) return null;
    return (await this.client()).currentUser();
  }

  /** A fresh IdP access token, or null when there is no IdP session. */
  async accessToken(): Promise<string | null> {
    if (!this.mayHaveSession()) return null;
    return (await this.client()).accessToken();
  }

  /** Sends the browser to the provider's login (or sign-up) page. */
  async signIn(options: { returnTo: string; signUp?: boolean }): Promise<void> {
    await (await this.client()).signIn(options);
  }

  /** Signs in through the provider's login in a popup (the widget's panel). */
  async signInPopup(): Promise<OidcUser> {
    return (await this.client()).signInPopup();
  }

  /** Inside the login popup: hands the provider's answer back to the panel that opened it. */
  async completePopupSignIn(): Promise<void> {
    await (await this.client()).userManager.signinPopupCallback();
  }

  /** Completes the code exchange on the callback page. */
  async completeSignIn(url?: string): Promise<{ user: OidcUser; returnTo: string }> {
    return (await this.client()).completeSignIn(url);
  }

  /** Ends the IdP session at the provider and returns to the site origin. */
  async signOut(): Promise<void> {
    await (await this.client()).signOut();
  }

  /** Forgets the IdP session locally, without visiting the provider. */
  async forget(): Promise<void> {
    if (!this.mayHaveSession()) return;
    await (await this.client()).forget();
  }

  /** Inside the hidden renewal frame: hands the provider's answer back to the parent page. */
  async completeSilentRenew(): Promise<void> {
    await (await this.client()).userManager.signinSilentCallback();
  }

  /** Calls `listener` with every session the library loads (renewed tokens); returns the undo. */
  onUserLoaded(listener: UserLoadedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
