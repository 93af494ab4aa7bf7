import { createHash, randomBytes } from 'node:crypto';
import { fetchFrom } from './client-addresses';
import { testStack } from './stack';

/** The tokens of a completed hosted login. */
export interface IdpTokens {
  readonly accessToken: string;
  readonly idToken: string;
  readonly refreshToken: string | undefined;
  /** The subject (`sub`) of the access token: the person's id at the identity provider. */
  readonly subject: string;
  /** The provider's session cookies, to continue as the same browser (e.g. to sign out). */
  readonly cookie: string;
}

export interface IdpSignInOptions {
  readonly email: string;
  readonly password: string;
  /** Create the account on the hosted sign-up page first (opened with `screen_hint=signup`). */
  readonly signUp?: { readonly name?: string };
  /** The site; the stack project's `baseUrl` when absent. */
  readonly baseUrl?: string;
  /**
   * The browser's address (any of 127.0.0.0/8): the hosted login keys its sign-in limits on the
   * socket's address, so a test that guesses passwords counts apart from the rest of the run.
   */
  readonly from?: string;
}

/** Cookies of one browser-less sign-in, sent back to the same origin like a browser would. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = /expires=Thu, 01 Jan 1970/i.test(line) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/** The claims of a JWT, unverified (tests check what the provider put in). */
export function decodePayload(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as Record<
    string,
    unknown
  >;
}

/**
 * Signs in through the local identity provider over plain HTTP, as oidc-client-ts in the SPA
 * would: authorization request with PKCE (S256), the hosted login or sign-up form, the redirect
 * back with a code, and the code exchange with the verifier. Answers the tokens.
 */
export async function signInWithIdp(options: IdpSignInOptions): Promise<IdpTokens> {
  const baseUrl = options.baseUrl ?? testStack().baseUrl;
  const config = (await (await fetch(`${baseUrl}/config.json`)).json()) as {
    auth: { authority: string; clientId: string } | null;
  };
  if (!config.auth) throw new Error('/config.json has no identity provider');
  const discovery = (await (
    await fetch(`${config.auth.authority}/.well-known/openid-configuration`)
  ).json()) as { authorization_endpoint: string; token_endpoint: string };

  const jar = new CookieJar();
  const request = async (url: string, init: RequestInit = {}) => {
    const withCookies = {
      ...init,
      redirect: 'manual' as const,
      headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
    };
    const response = options.from
      ? await fetchFrom(options.from, url, withCookies)
      : await fetch(url, withCookies);
    jar.store(response);
    return response;
  };
  const redirectUri = `${baseUrl}/auth/callback`;
  /** Follows redirects until a page to fill in, or the redirect back to the SPA. */
  const follow = async (start: Response, from: string) => {
    let response = start;
    let url = from;
    while (response.status >= 300 && response.status < 400) {
      url = new URL(response.headers.get('location') ?? '', url).href;
      if (url.startsWith(redirectUri)) return { url, response };
      response = await request(url);
    }
    return { url, response };
  };

  const verifier = base64url(randomBytes(32));
  const state = base64url(randomBytes(16));
  const authorize = new URL(discovery.authorization_endpoint);
  authorize.search = new URLSearchParams({
    client_id: config.auth.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid profile email offline_access',
    state,
    nonce: base64url(randomBytes(16)),
    code_challenge: base64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
    ...(options.signUp ? { screen_hint: 'signup' } : {}),
  }).toString();

  const formPage = await follow(await request(authorize.href), authorize.href);
  const html = await formPage.response.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (formPage.response.status !== 200 || !action) {
    throw new Error(`no login form at ${formPage.url}: ${formPage.response.status} ${html}`);
  }
  const actionUrl = new URL(action.replaceAll('&amp;', '&'), formPage.url).href;
  const fields = { email: options.email, password: options.password, ...options.signUp };
  const submitted = await request(actionUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields as Record<string, string>).toString(),
  });
  const back = await follow(submitted, actionUrl);
  const callback = new URL(back.url);
  const code = callback.searchParams.get('code');
  if (!back.url.startsWith(redirectUri) || !code || callback.searchParams.get('state') !== state) {
    // The form page again, with its error message, when the login was refused.
    throw new Error(`sign-in did not return a code: ${back.url} ${await back.response.text()}`);
  }

  const tokenResponse = await fetch(discovery.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: config.auth.clientId,
      code_verifier: verifier,
    }).toString(),
  });
  const tokens = (await tokenResponse.json()) as Record<string, string | undefined>;
  if (!tokenResponse.ok || !tokens.access_token || !tokens.id_token) {
    throw new Error(`token exchange failed: ${tokenResponse.status} ${JSON.stringify(tokens)}`);
  }
  return {
    accessToken: tokens.access_token,
    idToken: tokens.id_token,
    refreshToken: tokens.refresh_token,
    subject: String(decodePayload(tokens.access_token).sub),
    cookie: jar.header(),
  };
}
