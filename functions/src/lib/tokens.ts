import { createRemoteJWKSet, decodeJwt, errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { env } from './env';
import { tokenSecret } from './token-secret';

/** Issuer and audience of the product's own tokens. */
export const OWN_ISSUER = 'hatchworks';
export const OWN_AUDIENCE = 'hatchworks-api';

/** A verified bearer token: whose it is and who vouched for it. */
export type VerifiedToken =
  | { readonly kind: 'own'; readonly userId: string; readonly version: number }
  | {
      readonly kind: 'idp';
      readonly issuer: string;
      readonly subject: string;
      readonly accessToken: string;
      readonly claims: JWTPayload;
    };

/**
 * Signs a token for a user of the product's own email and password login. It carries the user's
 * `token_version` as `ver`: a password change or reset bumps it and so revokes older tokens.
 */
export async function signOwnToken(user: { id: string; token_version?: number }): Promise<string> {
  return new SignJWT({ ver: user.token_version ?? 0 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(OWN_ISSUER)
    .setAudience(OWN_AUDIENCE)
    .setSubject(user.id)
    .setIssuedAt()
    .setExpirationTime(`${env().AUTH_TOKEN_TTL_SECONDS}s`)
    .sign(await tokenSecret());
}

interface IdpMetadata {
  readonly jwks: ReturnType<typeof createRemoteJWKSet>;
  readonly userinfoEndpoint: string | undefined;
}

let idpMetadata: Promise<IdpMetadata> | undefined;

/** The IdP's signing keys and userinfo endpoint, discovered once per cold start. */
export function identityProvider(issuer: string): Promise<IdpMetadata> {
  idpMetadata ??= (async () => {
    const response = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) throw new Error(`OpenID discovery failed with ${response.status}`);
    const metadata = (await response.json()) as { jwks_uri?: string; userinfo_endpoint?: string };
    if (!metadata.jwks_uri) throw new Error('OpenID discovery gave no jwks_uri');
    return {
      jwks: createRemoteJWKSet(new URL(metadata.jwks_uri)),
      userinfoEndpoint: metadata.userinfo_endpoint,
    };
  })();
  idpMetadata.catch(() => {
    idpMetadata = undefined;
  });
  return idpMetadata;
}

/** Whether an error means the token itself is bad (401) rather than our side failing (500). */
export function isTokenRejection(error: unknown): boolean {
  return error instanceof errors.JOSEError;
}

/**
 * Verifies a bearer token of either kind with its signature, issuer, audience and expiry: the
 * product's own (HS256 with the token secret) or the hosted login's (the IdP's JWKS). Returns
 * undefined for a token that is neither.
 */
export async function verifyBearer(token: string): Promise<VerifiedToken | undefined> {
  let issuer: string | undefined;
  try {
    issuer = decodeJwt(token).iss;
  } catch {
    return undefined;
  }
  const config = env();
  if (issuer === OWN_ISSUER) {
    const { payload } = await jwtVerify(token, await tokenSecret(), {
      issuer: OWN_ISSUER,
      audience: OWN_AUDIENCE,
      algorithms: ['HS256'],
      requiredClaims: ['sub', 'exp'],
    });
    const version = typeof payload.ver === 'number' ? payload.ver : 0;
    return { kind: 'own', userId: payload.sub ?? '', version };
  }
  if (config.AUTH_ISSUER && issuer === config.AUTH_ISSUER) {
    const { jwks } = await identityProvider(config.AUTH_ISSUER);
    const { payload } = await jwtVerify(token, jwks, {
      issuer: config.AUTH_ISSUER,
      ...(config.AUTH_AUDIENCE ? { audience: config.AUTH_AUDIENCE } : {}),
      algorithms: ['RS256', 'ES256', 'PS256', 'EdDSA'],
      requiredClaims: ['sub', 'exp'],
      clockTolerance: 60,
    });
    if (
      config.AUTH_CLIENT_ID &&
      payload.client_id !== config.AUTH_CLIENT_ID &&
      !config.AUTH_AUDIENCE
    ) {
      return undefined;
    }
    return {
      kind: 'idp',
      issuer: config.AUTH_ISSUER,
      subject: payload.sub ?? '',
      accessToken: token,
      claims: payload,
    };
  }
  return undefined;
}
