import { POPUP_CALLBACK_PATH } from '@hatchworks/shared/embed';
import Provider, {
  errors,
  interactionPolicy,
  type Configuration,
  type FindAccount,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import type { AccountStore } from './account-store';
import { claimsOf, SCOPE_CLAIMS } from './claims';
import type { ProviderKeys } from './keys';
import type { ProductAccounts } from './product-accounts';
import { errorPage, humanErrorMessage, logoutPage, signedOutPage, signingOutPage } from './pages';
import {
  API_AUDIENCE,
  API_SCOPES,
  CLIENT_SCOPES,
  IDP_PATH,
  siteOriginOf,
  siteOrigins,
  SIGNUP_HINT,
  WEB_CLIENT_ID,
} from './settings';
import type { StateStore } from './state-adapter';

const HOUR = 3600;
const DAY = 24 * HOUR;

export interface ProviderOptions {
  /** The site's origin URL, e.g. http://localhost:3000; the issuer is this plus `/idp`. */
  readonly siteUrl: string;
  readonly accounts: AccountStore;
  /** The product, which says whether a person's account lives and when its sessions ended. */
  readonly product: ProductAccounts;
  readonly state: StateStore;
  readonly keys: ProviderKeys;
}

function html(ctx: KoaContextWithOIDC, body: string): void {
  ctx.type = 'html';
  ctx.body = body;
}

/**
 * The site's origin the person came from, for the links back: the redirect URI of the request
 * when it names one of the site's origins, else the page they left (the referrer), else the site.
 */
function cameFrom(ctx: KoaContextWithOIDC, siteUrl: string): string {
  const params = (ctx.oidc?.params ?? {}) as Record<string, unknown>;
  const query = ctx.query as Record<string, unknown>;
  return siteOriginOf(siteUrl, [
    params.redirect_uri,
    params.post_logout_redirect_uri,
    query.redirect_uri,
    query.post_logout_redirect_uri,
    ctx.get('referer'),
  ]);
}

/**
 * The person of a subject while their product account lives and the session or token asking
 * began after its sessions last ended (a password change or reset, "sign out everywhere"):
 * a refresh token or code by its sign-in time, an authorization by its session's. Anything else
 * finds no one: a refresh is refused, and an authorization asks for the password again.
 */
function accountFinder(accounts: AccountStore, product: ProductAccounts): FindAccount {
  return async (ctx, sub, token) => {
    const account = accounts.findById(sub);
    if (!account) return undefined;
    const sessions = await product.sessions(account.productUserId);
    if (sessions.kind === 'gone') return undefined;
    const { authTime, iat } = (token ?? {}) as { authTime?: number; iat?: number };
    const began = token ? (authTime ?? iat ?? 0) : Number(ctx.oidc?.session?.authTime() ?? NaN);
    if (!Number.isNaN(began) && began < sessions.validAfter) return undefined;
    return { accountId: account.id, claims: () => claimsOf(account) };
  };
}

/**
 * The default interaction policy, with one more reason to show the login form: the session's
 * person was found no more (account deleted, or its sessions ended since this one began).
 */
function interactionPolicyWithEndedSessions(): interactionPolicy.Prompt[] {
  const policy = interactionPolicy.base();
  policy
    .get('login')
    ?.checks.add(
      new interactionPolicy.Check(
        'session_ended',
        'The session ended: sign in again',
        'login_required',
        (ctx) => Boolean(ctx.oidc.session?.accountId && !ctx.oidc.account),
      ),
    );
  return policy;
}

/**
 * The oidc-provider instance: one public client (the SPA) using the authorization code flow with
 * PKCE, JWT access tokens for the API as the default resource, refresh tokens for the SPA's
 * silent renew, and this module's own login pages instead of the development ones.
 */
export function createProvider({
  siteUrl,
  accounts,
  product,
  state,
  keys,
}: ProviderOptions): Provider {
  const issuer = `${siteUrl}${IDP_PATH}`;
  // The SPA may be opened on either loopback name: it returns to the origin it runs on.
  const origins = siteOrigins(siteUrl);
  const configuration: Configuration = {
    clients: [
      {
        client_id: WEB_CLIENT_ID,
        client_name: 'Hatchworks',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: origins.flatMap((origin) => [
          `${origin}/auth/callback`,
          // The feedback widget's panel signs in through a popup that returns here.
          `${origin}${POPUP_CALLBACK_PATH}`,
          `${origin}/auth/silent-renew`,
        ]),
        post_logout_redirect_uris: origins.flatMap((origin) => [`${origin}/`, origin]),
        scope: CLIENT_SCOPES.join(' '),
      },
    ],
    adapter: (model: string) => state.adapterFor(model),
    jwks: { keys: [keys.signing] },
    cookies: {
      keys: [...keys.cookieKeys],
      // Same-site `lax` everywhere: the SPA and the provider share one origin, and the default
      // `none` would need a Secure cookie, which plain-http localhost cannot set.
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    findAccount: accountFinder(accounts, product),
    claims: SCOPE_CLAIMS,
    scopes: [...CLIENT_SCOPES],
    responseTypes: ['code'],
    extraParams: [SIGNUP_HINT.param],
    pkce: { methods: ['S256'], required: () => true },
    interactions: {
      policy: interactionPolicyWithEndedSessions(),
      url: (_ctx, interaction) => `${IDP_PATH}/interaction/${interaction.uid}`,
    },
    // The SPA is the only client and first-party: it always gets a refresh token, without the
    // `prompt=consent` that OpenID otherwise demands before honouring `offline_access`.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    clientBasedCORS: (_ctx, _origin, client) => client.clientId === WEB_CLIENT_ID,
    ttl: {
      AccessToken: HOUR,
      AuthorizationCode: 60,
      IdToken: HOUR,
      Interaction: HOUR,
      Grant: 14 * DAY,
      Session: 14 * DAY,
      RefreshToken: 14 * DAY,
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      // The built-in userinfo refuses tokens with an audience; the API asks userinfo with its own
      // access token (as Auth0 allows), so `userinfo.ts` answers at the same path instead.
      userinfo: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => API_AUDIENCE,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== API_AUDIENCE) throw new errors.InvalidTarget();
          return {
            scope: API_SCOPES.join(' '),
            audience: API_AUDIENCE,
            accessTokenFormat: 'jwt',
            accessTokenTTL: HOUR,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        // The site's own client signs out without a second question; any other would be asked.
        logoutSource: (ctx, form) => {
          const siteOrigin = cameFrom(ctx, siteUrl);
          html(
            ctx,
            ctx.oidc.client?.clientId === WEB_CLIENT_ID
              ? signingOutPage(form, siteOrigin)
              : logoutPage(form, siteOrigin),
          );
        },
        postLogoutSuccessSource: (ctx) => html(ctx, signedOutPage(cameFrom(ctx, siteUrl))),
      },
    },
    // Discovery lists the userinfo endpoint that `userinfo.ts` serves.
    discovery: { userinfo_endpoint: `${issuer}/me` },
    // A failure the provider shows itself (a bad or expired authorization request): the site's
    // look, a message for people, the way back, and the provider's words folded away.
    renderError: (ctx, out) => {
      html(
        ctx,
        errorPage({
          siteOrigin: cameFrom(ctx, siteUrl),
          message: humanErrorMessage(out.error),
          details: out.error_description ? `${out.error}: ${out.error_description}` : out.error,
        }),
      );
    },
  };
  return new Provider(issuer, configuration);
}
