import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { checkEmailPage, errorPage, loginPage, signupPage } from './pages';
import {
  API_AUDIENCE,
  API_SCOPES,
  IDP_PATH,
  SIGNUP_HINT,
  SITE_PAGES,
  siteOriginOf,
  WEB_CLIENT_ID,
} from './settings';
import { signIn, signUp, type People } from './sign-in';

/** Writes a complete answer; the caller's security headers are already on the response. */
export type Reply = (status: number, headers: Record<string, string>, body: string) => void;

const MAX_FORM_BYTES = 16 * 1024;

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  let text = '';
  for await (const chunk of request) {
    text += (chunk as Buffer).toString('utf8');
    if (text.length > MAX_FORM_BYTES) break;
  }
  return new URLSearchParams(text);
}

const htmlHeaders = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' };

export interface InteractionRoutes extends People {
  readonly provider: Provider;
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
  const { provider, siteUrl } = routes;

  const page = (body: string, status = 200) => reply(status, htmlHeaders, body);
  const redirect = (location: string) => reply(303, { location, 'cache-control': 'no-store' }, '');
  const finish = async (result: Parameters<Provider['interactionResult']>[2]) =>
    redirect(
      await provider.interactionResult(request, response, result, {
        mergeWithLastSubmission: false,
      }),
    );

  const referrer = request.headers.referer;
  let details: Awaited<ReturnType<Provider['interactionDetails']>>;
  try {
    details = await provider.interactionDetails(request, response);
  } catch {
    const siteOrigin = siteOriginOf(siteUrl, [referrer]);
    page(errorPage({ siteOrigin, message: 'This sign-in page has expired.' }), 400);
    return true;
  }
  // The site's origin the person came from: the registered redirect URI the SPA asked for.
  const siteOrigin = siteOriginOf(siteUrl, [details.params.redirect_uri, referrer]);
  if (details.uid !== uid) {
    const message = 'This sign-in page does not belong to your current sign-in.';
    page(errorPage({ siteOrigin, message }), 400);
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
  const loginHref = `${base}/login`;
  const resetPasswordHref = `${siteUrl}${SITE_PAGES.resetPassword}`;
  if (method === 'GET') {
    const wantsSignup =
      step === 'signup' ||
      (step === undefined && details.params[SIGNUP_HINT.param] === SIGNUP_HINT.value);
    page(
      wantsSignup
        ? signupPage({ action: signupHref, loginHref, siteOrigin })
        : loginPage({ action: loginHref, signupHref, resetPasswordHref, siteOrigin }),
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
    const outcome = await signIn(routes, {
      email,
      password,
      clientAddress: request.socket.remoteAddress ?? '127.0.0.1',
    });
    if ('account' in outcome) await finish({ login: { accountId: outcome.account.id } });
    else {
      const fields = { action: loginHref, signupHref, resetPasswordHref, siteOrigin, email };
      page(loginPage({ ...fields, error: outcome.error }), outcome.status);
    }
    return true;
  }

  const name = (form.get('name') ?? '').trim().slice(0, 100);
  const outcome = await signUp(routes, {
    email,
    password,
    name,
    loginHref,
    clientAddress: request.socket.remoteAddress ?? '127.0.0.1',
    siteOrigin,
  });
  if ('email' in outcome) page(checkEmailPage({ email: outcome.email, loginHref, siteOrigin }));
  else {
    const fields = { action: signupHref, loginHref, siteOrigin, email, name };
    page(signupPage({ ...fields, error: outcome.error }), outcome.status);
  }
  return true;
}
