import { PASSWORD_LIMITS } from '@hatchworks/shared/schemas/users';

/**
 * The fixed facts of the local identity provider, shared by the provider, the stack that serves it
 * and the tests that sign in through it.
 */

/** Where the provider is mounted on the site's one port; the issuer is `${siteUrl}${IDP_PATH}`. */
export const IDP_PATH = '/idp';

/** The names of the loopback interface a browser may open the local site by. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1'] as const;

/**
 * The origins the SPA may run on for a site URL: on a loopback name, both loopback names with the
 * same port (the issuer stays the one of `siteUrl`); any other site URL is its origin alone.
 */
export function siteOrigins(siteUrl: string): string[] {
  const url = new URL(siteUrl);
  if (!(LOOPBACK_HOSTS as readonly string[]).includes(url.hostname)) return [url.origin];
  return LOOPBACK_HOSTS.map((host) => {
    const origin = new URL(url.origin);
    origin.hostname = host;
    return origin.origin;
  });
}

/** The script that confirms the first-party client's sign-out at once (the CSP forbids inline code). */
export const SIGN_OUT_SCRIPT = {
  path: `${IDP_PATH}/sign-out.js`,
  body: "document.getElementById('op.logoutForm')?.submit();\n",
} as const;

/** The SPA's public client (no secret; PKCE with S256 is required). */
export const WEB_CLIENT_ID = 'hatchworks-web';

/**
 * The API's resource indicator, also the `aud` of its access tokens. RFC 8707 wants an absolute
 * URI, so a URN rather than a bare name; the SPA may send it as `resource` or leave it out (it is
 * the default resource).
 */
export const API_AUDIENCE = 'urn:hatchworks:api';

/** Scopes the SPA may ask for. */
export const CLIENT_SCOPES = ['openid', 'profile', 'email', 'offline_access'] as const;

/**
 * Scopes carried in the API's access tokens: the API reads the person's email and names from the
 * userinfo endpoint with that same token, as with Auth0.
 */
export const API_SCOPES = ['openid', 'profile', 'email'] as const;

/** Authorization request parameter that opens the sign-up page instead of the login page. */
export const SIGNUP_HINT = { param: 'screen_hint', value: 'signup' } as const;

/** Shortest password the hosted sign-up accepts: the product's, which holds the password. */
export const MIN_PASSWORD_LENGTH = PASSWORD_LIMITS.min;

/**
 * The site's pages the hosted login links to (the same paths as the links in the product's
 * mails): sending the verification link again, and resetting a product account's password.
 */
export const SITE_PAGES = {
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
} as const;

/**
 * The site's origin a person came from, for the links back: the first candidate URL (a redirect
 * URI, the referrer) on one of the site's origins, else the configured site URL's origin.
 */
export function siteOriginOf(siteUrl: string, candidates: readonly unknown[]): string {
  const origins = siteOrigins(siteUrl);
  for (const candidate of candidates) {
    if (typeof candidate !== 'string' || !candidate) continue;
    try {
      const { origin } = new URL(candidate);
      if (origins.includes(origin)) return origin;
    } catch {
      // Not a URL: try the next one.
    }
  }
  return new URL(siteUrl).origin;
}
