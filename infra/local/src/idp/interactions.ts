import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { EmailTakenError, type AccountStore } from './account-store';
import { errorPage, loginPage, signupPage } from './pages';
import {
  API_AUDIENCE,
  API_SCOPES,
  IDP_PATH,
  MIN_PASSWORD_LENGTH,
  SIGNUP_HINT,
  WEB_CLIENT_ID,
} from './settings';

/** Writes a complete answer; the caller's security headers are already on the response. */
export type Reply = (status: number, headers: Record<string, string>, body: string) => void;

const MAX_FORM_BYTES = 16 * 1024;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  let text = '';
  for await (const chunk of request) {
    text += (chunk as Buffer).toString('utf8');
    if (text.length > MAX_FORM_BYTES) break;
  }
  return new URLSearchParams(text);
}

const htmlHeaders = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };

export interface InteractionRoutes {
  readonly provider: Provider;
  readonly accounts: AccountStore;
  readonly siteUrl: string;
}

/**
 * The hosted login's own pages under `/idp/interaction/{uid}`: login, sign-up, and the consent
 * prompt, which is granted without a page because the SPA is first-party. Answers false when the
 * path is not one of them.
 */
export async function handleInteraction(
  routes: InteractionRoutes,
  request: IncomingMessage,
  response: ServerResponse,
  reply: Reply,
): Promise<boolean> {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const match = /^\/interaction\/([\w-]+)(?:\/(login|signup))?$/.exec(
    url.pathname.slice(IDP_PATH.length),
  );
  if (!match) return false;
  const [, uid, step] = match;
  const method = request.method ?? 'GET';
  const base = `${IDP_PATH}/interaction/${uid}`;
  const { provider, accounts, siteUrl } = routes;

  const page = (body: string, status = 200) => reply(status, htmlHeaders, body);
  const redirect = (location: string) => reply(303, { location, 'cache-control': 'no-store' }, '');
  const finish = async (result: Parameters<Provider['interactionResult']>[2]) =>
    redirect(
      await provider.interactionResult(request, response, result, {
        mergeWithLastSubmission: false,
      }),
    );

  let details: Awaited<ReturnType<Provider['interactionDetails']>>;
  try {
    details = await provider.interactionDetails(request, response);
  } catch {
    page(
      errorPage(siteUrl, 'This sign-in page has expired. Go back to Hatchworks and sign in again.'),
      400,
    );
    return true;
  }
  if (details.uid !== uid) {
    page(errorPage(siteUrl, 'This sign-in page does not belong to your current sign-in.'), 400);
    return true;
  }

  if (details.prompt.name === 'consent') {
    if (details.params.client_id !== WEB_CLIENT_ID) {
      await finish({ error: 'access_denied', error_description: 'Unknown client.' });
      return true;
    }
    // First-party: grant what the SPA asked for, which its client registration already limits.
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId: details.session?.accountId, clientId: WEB_CLIENT_ID });
    if (!grant) throw new Error('The grant of this interaction is gone.');
    const requested = String(details.params.scope ?? 'openid');
    grant.addOIDCScope(requested);
    const apiScope = requested
      .split(' ')
      .filter((scope) => (API_SCOPES as readonly string[]).includes(scope));
    if (apiScope.length) grant.addResourceScope(API_AUDIENCE, apiScope.join(' '));
    await finish({ consent: { grantId: await grant.save() } });
    return true;
  }

  const signupHref = `${base}/signup`;
  if (method === 'GET') {
    const wantsSignup =
      step === 'signup' ||
      (step === undefined && details.params[SIGNUP_HINT.param] === SIGNUP_HINT.value);
    page(
      wantsSignup
        ? signupPage({ action: signupHref, loginHref: `${base}/login` })
        : loginPage({ action: `${base}/login`, signupHref }),
    );
    return true;
  }
  if (method !== 'POST' || !step) {
    reply(405, { allow: 'GET', 'content-type': 'text/plain' }, 'Method Not Allowed');
    return true;
  }

  const form = await readForm(request);
  const email = (form.get('email') ?? '').trim();
  const password = form.get('password') ?? '';
  if (step === 'login') {
    const account = await accounts.authenticate(email, password);
    if (!account) {
      page(
        loginPage({
          action: `${base}/login`,
          signupHref,
          email,
          error: 'Invalid email or password',
        }),
        401,
      );
      return true;
    }
    await finish({ login: { accountId: account.id } });
    return true;
  }

  const name = (form.get('name') ?? '').trim().slice(0, 100);
  const retry = (error: string) =>
    page(signupPage({ action: signupHref, loginHref: `${base}/login`, email, name, error }), 400);
  const problem = !EMAIL.test(email)
    ? 'Enter a valid email address.'
    : password.length < MIN_PASSWORD_LENGTH
      ? `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`
      : undefined;
  if (problem) {
    retry(problem);
    return true;
  }
  try {
    const account = await accounts.create({ email, password, ...(name ? { name } : {}) });
    await finish({ login: { accountId: account.id } });
  } catch (error) {
    if (!(error instanceof EmailTakenError)) throw error;
    retry('An account with this email already exists. Sign in instead.');
  }
  return true;
}
