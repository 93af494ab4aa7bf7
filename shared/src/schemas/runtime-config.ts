import * as z from '../zod';

/**
 * `/config.json`: the runtime settings of the single web build. The local stack serves it; the
 * CDK deployment writes it beside the bundle. The SPA reads and checks it once at start-up.
 */
export const RuntimeConfigSchema = z.object({
  /** Base of every API call, normally the same-origin `/api`. */
  apiBaseUrl: z.string().check(z.minLength(1)),
  /** The OpenID provider of the hosted login; null until an identity provider is configured. */
  auth: z.nullable(
    z.object({
      authority: z.url(),
      clientId: z.string().check(z.minLength(1)),
      /** Audience (resource indicator) of the API's access tokens, when the IdP needs one. */
      audience: z.optional(z.string()),
      /**
       * Logout endpoint, for an IdP whose discovery document has no `end_session_endpoint`
       * (Cognito: `https://<domain>/logout`, which takes `client_id` and `logout_uri`).
       */
      endSessionEndpoint: z.optional(z.url()),
      /**
       * The scopes to request instead of the SPA's default, for an IdP that refuses one of them
       * (Cognito answers `invalid_scope` to `offline_access` and issues refresh tokens anyway).
       */
      scope: z.optional(z.string().check(z.minLength(1))),
    }),
  ),
  /** The floating donation widget of the tip service; null hides it. */
  donation: z.nullable(
    z.object({
      scriptUrl: z.url(),
      /** The studio's account name at the tip service. */
      account: z.string().check(z.minLength(1)),
      label: z._default(z.string().check(z.minLength(1)), 'Support us'),
    }),
  ),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfigSchema>;
