import {
  UserManager,
  WebStorageStateStore,
  type User as OidcUser,
  type UserManagerSettings,
} from 'oidc-client-ts';
import type { RuntimeConfig } from '@hatchworks/shared/schemas/runtime-config';
import { POPUP_CALLBACK_PATH } from '@hatchworks/shared/embed';
import { paths } from '../config/paths';

/** Where the identity provider sends the browser back to. */
export const AUTH_CALLBACK_PATH = paths.authCallback.path;
export const AUTH_SILENT_RENEW_PATH = paths.authSilentRenew.path;

/**
 * The identity provider's defaults. The scope adds `offline_access` so silent renewal uses a
 * refresh token instead of a hidden iframe (the site forbids being framed).
 */
export const IDP_DEFAULTS = {
  scope: 'openid profile email offline_access',
  tokenRequestTimeoutSeconds: 10,
  popupTimeoutSeconds: 60,
  /** Access tokens this close to expiry count as expired: renewed first, never sent. */
  expiryMarginSeconds: 60,
} as const;

/**
 * Authorization parameter that opens the provider's sign-up page instead of its login page
 * (Auth0's `screen_hint=signup`, which the local provider follows too).
 */
export const SIGN_UP_HINT = { screen_hint: 'signup' } as const;

export type AuthSettings = NonNullable<RuntimeConfig['auth']>;

/** The `UserManager` settings for the SPA's public client, from `/config.json` `auth`. */
export function userManagerSettings(
  auth: AuthSettings,
  origin: string,
  store?: Storage,
): UserManagerSettings {
  return {
    authority: auth.authority,
    client_id: auth.clientId,
    redirect_uri: `${origin}${AUTH_CALLBACK_PATH}`,
    silent_redirect_uri: `${origin}${AUTH_SILENT_RENEW_PATH}`,
    popup_redirect_uri: `${origin}${POPUP_CALLBACK_PATH}`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    scope: auth.scope ?? IDP_DEFAULTS.scope,
    ...(auth.audience ? { resource: auth.audience } : {}),
    // Cognito's discovery document has no end_session_endpoint; the config names it instead.
    ...(auth.endSessionEndpoint
      ? { metadataSeed: { end_session_endpoint: auth.endSessionEndpoint } }
      : {}),
    automaticSilentRenew: true,
    accessTokenExpiringNotificationTimeInSeconds: IDP_DEFAULTS.expiryMarginSeconds,
    requestTimeoutInSeconds: IDP_DEFAULTS.tokenRequestTimeoutSeconds,
    silentRequestTimeoutInSeconds: IDP_DEFAULTS.tokenRequestTimeoutSeconds,
    popupWindowFeatures: { closePopupWindowAfterInSeconds: IDP_DEFAULTS.popupTimeoutSeconds },
    // The ID token's profile (name, nickname, email) is all verify-user needs.
    loadUserInfo: false,
    // A reload keeps the session: the tokens live in localStorage, not sessionStorage.
    ...(store ? { userStore: new WebStorageStateStore({ store }) } : {}),
  };
}

/** True when the access token is missing or expires within the margin. */
export function isAccessTokenStale(user: Pick<OidcUser, 'access_token' | 'expires_in'>): boolean {
  if (!user.access_token) return true;
  return user.expires_in !== undefined && user.expires_in <= IDP_DEFAULTS.expiryMarginSeconds;
}

/**
 * Only a same-site path may be returned to after sign-in: anything else (absolute URL,
 * protocol-relative `//host`) falls back to Home, so the state cannot be used as an open redirect.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return '/';
  if (value.startsWith('/\\') || value.startsWith(AUTH_CALLBACK_PATH)) return '/';
  return value;
}

/**
 * Extra parameters of the logout redirect: a configured end-session endpoint is Cognito's
 * `/logout`, which wants `client_id` and `logout_uri` rather than the standard parameters.
 */
export function signOutQueryParams(auth: AuthSettings, origin: string): Record<string, string> {
  return auth.endSessionEndpoint ? { client_id: auth.clientId, logout_uri: `${origin}/` } : {};
}

interface SignInState {
  readonly returnTo: string;
}

/** The hosted login of the identity provider: one `UserManager` for the page's lifetime. */
export class AuthClient {
  readonly userManager: UserManager;
  private callback: { url: string; result: Promise<OidcUser> } | undefined;
  private readonly signOutParams: Record<string, string>;

  constructor(auth: AuthSettings, origin = window.location.origin) {
    this.userManager = new UserManager(userManagerSettings(auth, origin, window.localStorage));
    this.signOutParams = signOutQueryParams(auth, origin);
  }

  /** The stored IdP session, or null when there is none or it can no longer be renewed. */
  async currentUser(): Promise<OidcUser | null> {
    const user = await this.userManager.getUser();
    if (!user) return null;
    if (user.expired && !user.refresh_token) {
      await this.userManager.removeUser();
      return null;
    }
    return user;
  }

  /** Sends the browser to the provider's login (or sign-up) page. */
  async signIn(options: { returnTo: string; signUp?: boolean }): Promise<void> {
    const state: SignInState = { returnTo: safeReturnPath(options.returnTo) };
    await this.userManager.signinRedirect({
      state,
      ...(options.signUp ? { extraQueryParams: { ...SIGN_UP_HINT } } : {}),
    });
  }

  /**
   * Completes the code exchange on `/auth/callback`. Memoised per URL: React's strict mode runs
   * effects twice, and a second exchange of the same code would fail.
   */
  completeSignIn(url = window.location.href): Promise<{ user: OidcUser; returnTo: string }> {
    if (this.callback?.url !== url) {
      this.callback = { url, result: this.userManager.signinRedirectCallback(url) };
    }
    return this.callback.result.then((user) => ({
      user,
      returnTo: safeReturnPath((user.state as Partial<SignInState> | undefined)?.returnTo),
    }));
  }

  /**
   * Signs in through the provider's login in a popup and resolves with the session once the popup
   * has handed its answer back (the feedback widget's panel, which must not navigate away).
   */
  signInPopup(): Promise<OidcUser> {
    return this.userManager.signinPopup();
  }

  /** A fresh access token: renewed first when it is about to expire; null when signed out. */
  async accessToken(): Promise<string | null> {
    const user = await this.currentUser();
    if (!user) return null;
    if (!isAccessTokenStale(user)) return user.access_token;
    const renewed = await this.userManager.signinSilent();
    return renewed && !isAccessTokenStale(renewed) ? renewed.access_token : null;
  }

  /** Ends the IdP session and returns to the site origin. */
  async signOut(): Promise<void> {
    await this.userManager.signoutRedirect({ extraQueryParams: this.signOutParams });
  }

  /** Forgets the IdP session locally, without visiting the provider. */
  async forget(): Promise<void> {
    await this.userManager.removeUser();
  }
}
