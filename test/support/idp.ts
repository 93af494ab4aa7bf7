import { createHash, randomBytes } from 'node:crypto';
import { fetchFrom, freshClientAddress } from './client-addresses';
import { verifyEmail } from './accounts';
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
  /**
   * Create the account on the hosted sign-up page first (opened with `screen_hint=signup`) and
   * prove its address with the mailed link before signing in.
   */
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

  /** Takes the cookies of a `header()` of another jar. */
  restore(header: string): void {
    for (const pair of header.split('; ')) {
      const index = pair.indexOf('=');
      if (index > 0) this.cookies.set(pair.slice(0, index), pair.slice(index + 1));
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

interface Discovery {
  readonly clientId: string;
  readonly authorization_endpoint: string;
  readonly token_endpoint: string;
}

async function discover(baseUrl: string): Promise<Discovery> {
  const config = (await (await fetch(`${baseUrl}/config.json`)).json()) as {
    auth: { authority: string; clientId: string } | null;
  };
  if (!config.auth) throw new Error('/config.json has no identity provider');
  const metadata = (await (
    await fetch(`${config.auth.authority}/.well-known/openid-configuration`)
  ).json()) as Omit<Discovery, 'clientId'>;
  return { ...metadata, clientId: config.auth.clientId };
}

/** A page reached by following redirects: where it is and what it answered. */
interface Reached {
  readonly url: string;
  readonly response: Response;
}

/**
 * One browser at the hosted login, as oidc-client-ts in the SPA drives it: an authorization
 * request with PKCE (S256) and the provider's cookies, redirects followed until a page to fill
 * in or the redirect back to the SPA, forms posted.
 */
function hostedBrowser(options: {
  readonly baseUrl: string;
  readonly discovery: Discovery;
  readonly from?: string | undefined;
  readonly cookie?: string;
}) {
  const jar = new CookieJar();
  if (options.cookie) jar.restore(options.cookie);
  const redirectUri = `${options.baseUrl}/auth/callback`;
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
  const follow = async (start: Response, from: string): Promise<Reached> => {
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
  return {
    jar,
    redirectUri,
    /** Opens the authorization request: the login or sign-up page, or straight back with a code. */
    async authorize(extra: Record<string, string> = {}): Promise<Reached> {
      const authorize = new URL(options.discovery.authorization_endpoint);
      authorize.search = new URLSearchParams({
        client_id: options.discovery.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'openid profile email offline_access',
        state,
        nonce: base64url(randomBytes(16)),
        code_challenge: base64url(createHash('sha256').update(verifier).digest()),
        code_challenge_method: 'S256',
        ...extra,
      }).toString();
      return follow(await request(authorize.href), authorize.href);
    },
    async open(url: string): Promise<Reached> {
      return follow(await request(url), url);
    },
    /** Posts the page's form with these fields, answering where it led. */
    async submit(form: Reached, fields: object): Promise<Reached> {
      const html = await form.response.text();
      const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
      if (form.response.status !== 200 || !action) {
        throw new Error(`no form at ${form.url}: ${form.response.status} ${html}`);
      }
      const actionUrl = new URL(action.replaceAll('&amp;', '&'), form.url).href;
      const submitted = await request(actionUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields as Record<string, string>).toString(),
      });
      return follow(submitted, actionUrl);
    },
    /** The code of a redirect back to the SPA, or undefined when it is a page instead. */
    codeOf(reached: Reached): string | undefined {
      const callback = new URL(reached.url);
      if (!reached.url.startsWith(redirectUri)) return undefined;
      if (callback.searchParams.get('state') !== state) throw new Error('state mismatch');
      return callback.searchParams.get('code') ?? undefined;
    },
    /** Exchanges a code for tokens, with the PKCE verifier. */
    async exchange(code: string): Promise<IdpTokens> {
      const tokenResponse = await fetch(options.discovery.token_endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: options.discovery.clientId,
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
    },
  };
}

/**
 * Signs in through the local identity provider over plain HTTP, as oidc-client-ts in the SPA
 * would: authorization request with PKCE (S256), the hosted login or sign-up form, the redirect
 * back with a code, and the code exchange with the verifier. Answers the tokens.
 */
export async function signInWithIdp(options: IdpSignInOptions): Promise<IdpTokens> {
  const baseUrl = options.baseUrl ?? testStack().baseUrl;
  // A sign-up counts against its address's sign-up limit: each comes from an address of its own.
  const from = options.from ?? (options.signUp ? freshClientAddress() : undefined);
  const browser = hostedBrowser({ baseUrl, discovery: await discover(baseUrl), from });

  let formPage = await browser.authorize(options.signUp ? { screen_hint: 'signup' } : {});
  if (options.signUp) {
    // The sign-up makes an unverified account; the mailed link proves it, then the same
    // sign-in goes on from the "Sign in" button of the page that asked to check the mail.
    const fields = { email: options.email, password: options.password, ...options.signUp };
    const submittedAt = new Date();
    const checkMail = await browser.submit(formPage, fields);
    const page = await checkMail.response.text();
    const signInLink = /<a class="button" href="([^"]+)">Sign in<\/a>/.exec(page)?.[1];
    if (checkMail.response.status !== 200 || !signInLink) {
      throw new Error(`sign-up refused: ${checkMail.response.status} ${page}`);
    }
    await verifyEmail(options.email, submittedAt);
    formPage = await browser.open(new URL(signInLink.replaceAll('&amp;', '&'), checkMail.url).href);
  }
  const back = await browser.submit(formPage, {
    email: options.email,
    password: options.password,
  });
  const code = browser.codeOf(back);
  if (!code) {
    // The form page again, with its error message, when the login was refused.
    throw new Error(`sign-in did not return a code: ${back.url} ${await back.response.text()}`);
  }
  return browser.exchange(code);
}

/**
 * Submits the hosted sign-up form and nothing more (no mail opened, no sign-in): answers the
 * status and text of the page it led to.
 */
export async function signUpAtHostedPage(options: {
  readonly email: string;
  readonly password: string;
  readonly name?: string;
  readonly from?: string;
  /** The site origin the sign-up starts from (its redirect URI); the stack's URL by default. */
  readonly siteUrl?: string;
}): Promise<{ readonly status: number; readonly text: string }> {
  const baseUrl = testStack().baseUrl;
  const browser = hostedBrowser({
    baseUrl: options.siteUrl ?? baseUrl,
    discovery: await discover(baseUrl),
    from: options.from ?? freshClientAddress(),
  });
  const form = await browser.authorize({ screen_hint: 'signup' });
  const { email, password, name = '' } = options;
  const page = await browser.submit(form, { email, password, name });
  return { status: page.response.status, text: await page.response.text() };
}

/**
 * A new authorization request with a signed-in browser's provider cookies (`IdpTokens.cookie`):
 * 'signed-in' when the provider's session still stands and it answers with a code at once,
 * 'login' when it asks for the password again.
 */
export async function resumeHostedSession(cookie: string): Promise<'signed-in' | 'login'> {
  const baseUrl = testStack().baseUrl;
  const browser = hostedBrowser({ baseUrl, discovery: await discover(baseUrl), cookie });
  const reached = await browser.authorize();
  if (browser.codeOf(reached)) return 'signed-in';
  const text = await reached.response.text();
  if (reached.response.status === 200 && text.includes('name="password"')) return 'login';
  throw new Error(`neither a code nor the login form: ${reached.response.status} ${text}`);
}

/** The refresh-token grant: the token endpoint's status and answer. */
export async function refreshHostedTokens(
  refreshToken: string,
): Promise<{ readonly status: number; readonly body: Record<string, unknown> }> {
  const discovery = await discover(testStack().baseUrl);
  const response = await fetch(discovery.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: discovery.clientId,
    }).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/**
 * Waits for the next whole second. Token times have whole seconds, so a session begun in the
 * second an account's sessions ended counts as begun before: a test that signs in again right
 * after a password change or "sign out everywhere" waits for this first.
 */
export async function nextSecond(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5));
}
