import type { IncomingMessage } from 'node:http';
import { createLocalJWKSet, errors, jwtVerify } from 'jose';
import type { AccountStore } from './account-store';
import { claimsForScope } from './claims';
import { publicJwk, type SigningJwk } from './keys';
import { API_AUDIENCE } from './settings';

/** An answer of the userinfo endpoint: status, headers and JSON body. */
export interface UserInfoAnswer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: unknown;
}

function rejected(status: number, error: string, description: string): UserInfoAnswer {
  return {
    status,
    headers: {
      'www-authenticate': `Bearer error="${error}", error_description="${description}"`,
    },
    body: { error, error_description: description },
  };
}

/**
 * Creates the OpenID userinfo endpoint (`/idp/me`). Like Auth0's, it accepts the API's JWT access
 * tokens (oidc-provider's own refuses any token with an audience), checks them with the
 * provider's signing key, and releases the claims the token's scopes allow.
 */
export function createUserInfo(options: {
  readonly issuer: string;
  readonly signing: SigningJwk;
  readonly accounts: AccountStore;
}) {
  const keys = createLocalJWKSet({ keys: [publicJwk(options.signing)] });
  return async (request: IncomingMessage): Promise<UserInfoAnswer> => {
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) {
      return rejected(401, 'invalid_request', 'no access token provided');
    }
    let payload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer: options.issuer,
        audience: API_AUDIENCE,
        typ: 'at+jwt',
        algorithms: ['RS256'],
        requiredClaims: ['sub', 'exp'],
      }));
    } catch (error) {
      if (error instanceof errors.JOSEError) {
        return rejected(401, 'invalid_token', 'invalid token provided');
      }
      throw error;
    }
    const scope = typeof payload.scope === 'string' ? payload.scope : '';
    if (!scope.split(' ').includes('openid')) {
      return rejected(403, 'insufficient_scope', 'access token missing openid scope');
    }
    const account = options.accounts.findById(payload.sub ?? '');
    if (!account) return rejected(401, 'invalid_token', 'unknown subject');
    return {
      status: 200,
      headers: { 'cache-control': 'no-store' },
      body: claimsForScope(account, scope),
    };
  };
}
