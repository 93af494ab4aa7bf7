import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { RuntimeConfig } from '@hatchworks/shared/schemas/runtime-config';
import { AccountStore } from './account-store';
import { handleInteraction } from './interactions';
import { loadOrCreateKeys } from './keys';
import type { ProductAccounts } from './product-accounts';
import { createProvider } from './provider';
import { API_AUDIENCE, IDP_PATH, SIGN_OUT_SCRIPT, siteOrigins, WEB_CLIENT_ID } from './settings';
import { StateStore } from './state-adapter';
import { createUserInfo } from './userinfo';

export interface IdentityProviderOptions {
  /** The site's URL as the browser sees it, e.g. http://localhost:3000. */
  readonly siteUrl: string;
  /** Folder for accounts, keys and sessions (`.data/idp`); all in memory when absent. */
  readonly dataDir?: string;
  /** The product's accounts, which sign in here with the product's password. */
  readonly product: ProductAccounts;
}

export interface LocalIdentityProvider {
  readonly issuer: string;
  /** What `/config.json` tells the SPA about the hosted login. */
  readonly auth: NonNullable<RuntimeConfig['auth']>;
  /**
   * Answers a request under `/idp`. The caller sets the site's security headers on the response
   * first; every answer keeps them.
   */
  handle(request: IncomingMessage, response: ServerResponse): Promise<void>;
  /**
   * Moves the passwords an older hosted page kept for people of its own into the product (once
   * the product's functions are configured); answers how many people were carried over.
   */
  carryOverOwnPeople(): Promise<number>;
}

/**
 * The local stand-in for a hosted identity provider such as Cognito or Auth0: a real OpenID
 * issuer at `${siteUrl}/idp` with login and sign-up pages, keys and sessions, whose people are
 * the product's accounts: it asks the product for every sign-up, password and session.
 */
export async function startIdentityProvider(
  options: IdentityProviderOptions,
): Promise<LocalIdentityProvider> {
  const file = (name: string) => (options.dataDir ? join(options.dataDir, name) : undefined);
  const accounts = AccountStore.open(file('accounts.json'));
  const keys = loadOrCreateKeys(file('keys.json'));
  const state = new StateStore(file('state.json'));
  const provider = createProvider({
    siteUrl: options.siteUrl,
    accounts,
    product: options.product,
    state,
    keys,
  });
  provider.on('server_error', (_ctx, error: unknown) =>
    console.error('[idp] server error:', error),
  );
  const userInfo = createUserInfo({ issuer: provider.issuer, signing: keys.signing, accounts });
  const callback = provider.callback();
  const interactionRoutes = {
    provider,
    accounts,
    product: options.product,
    siteUrl: options.siteUrl,
  };

  const redirectOrigins = siteOrigins(options.siteUrl).join(' ');

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    // A form posted here ends in a redirect to the site's origin the SPA runs on (either loopback
    // name), and Chromium applies `form-action` to that redirect too.
    const csp = response.getHeader('content-security-policy');
    if (typeof csp === 'string') {
      response.setHeader(
        'content-security-policy',
        csp.replace('form-action ', `form-action ${redirectOrigins} `),
      );
    }
    const reply = (status: number, headers: Record<string, string>, body: string) => {
      const bytes = Buffer.from(body);
      response.writeHead(status, { ...headers, 'content-length': bytes.byteLength });
      response.end(request.method === 'HEAD' ? undefined : bytes);
    };
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === SIGN_OUT_SCRIPT.path) {
      reply(
        200,
        { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' },
        SIGN_OUT_SCRIPT.body,
      );
      return;
    }
    if (path === `${IDP_PATH}/me`) {
      const answer = await userInfo(request);
      reply(
        answer.status,
        { ...answer.headers, 'content-type': 'application/json; charset=utf-8' },
        JSON.stringify(answer.body),
      );
      return;
    }
    if (await handleInteraction(interactionRoutes, request, response, reply)) return;
    // oidc-provider routes relative to its mount point and reads the prefix from `originalUrl`,
    // as when mounted in Express.
    Object.assign(request, {
      originalUrl: request.url,
      url: (request.url ?? '/').slice(IDP_PATH.length) || '/',
    });
    await callback(request, response);
  };

  const carryOverOwnPeople = async () => {
    const people = accounts.legacyOwnPeople();
    for (const person of people) {
      const outcome = await options.product.carryOver({
        ...person,
        issuer: provider.issuer,
        subject: person.id,
      });
      // The product linked this subject: it stays the person's, now checked by the product.
      if (outcome.kind === 'linked') {
        const { user } = outcome;
        accounts.recordProductPerson(
          {
            productUserId: user.id,
            email: user.email,
            name: user.displayName || user.username,
            nickname: user.username,
          },
          person.id,
        );
      }
      accounts.dropLegacy(person.id);
    }
    return people.length;
  };

  return {
    issuer: provider.issuer,
    carryOverOwnPeople,
    auth: { authority: provider.issuer, clientId: WEB_CLIENT_ID, audience: API_AUDIENCE },
    handle,
  };
}
