import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeJwt,
  errors,
  jwtVerify,
  SignJWT,
  type JSONWebKeySet,
  type JWTPayload,
} from 'jose';
import { env } from './env';
import { signingKey } from './signing-key';

/** Issuer and audience of the product's own tokens. */
export const OWN_ISSUER = 'hatchworks';
export const OWN_AUDIENCE = 'hatchworks-api';

/** A verified bearer token: whose it is and who vouched for it. */
export type VerifiedToken =
  | {
      readonly kind: 'own';
      readonly userId: string;
      /** The user's token version when it was signed (`ver`); a bumped version revokes it. */
      readonly version: number;
    }
  | {
      readonly kind: 'idp';
      readonly issuer: string;
      readonly subject: string;
      readonly accessToken: string;
      readonly claims: JWTPayload;
    };

/**
 * Signs a token for a user of the product's own email and password login (ES256 with the private
 * key, which only token-issuing functions hold). `ver` is the user's token version: raising it
 * (password change or reset) revokes every token signed before.
 */
export async function signOwnToken(user: {
  readonly id: string;
  readonly token_version?: number;
}): Promise<string> {
  const { kid, key } = await signingKey();
  // One clock reading for both: read twice, a second boundary between them would add a second.
  const issuedAt = Math.floor(Date.now() / 1000);
  return new SignJWT({ ver: user.token_version ?? 0 })
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid })
    .setIssuer(OWN_ISSUER)
    .setAudience(OWN_AUDIENCE)
    .setSubject(user.id)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + env().AUTH_TOKEN_TTL_SECONDS)
    .sign(key);
}

let ownKeys: ReturnType<typeof createLocalJWKSet> | undefined;

/**
 * The public keys that verify the product's own tokens (`TOKEN_VERIFY_KEYS`, a JWK Set): plain
 * configuration, since they are public, so verifying needs no secret and no network call. Several
 * keys verify during a rotation; the token's `kid` picks one.
 */
function ownVerificationKeys(): ReturnType<typeof createLocalJWKSet> {
  if (ownKeys) return ownKeys;
  const text = env().TOKEN_VERIFY_KEYS;
  if (!text) throw new Error('Invalid function configuration: TOKEN_VERIFY_KEYS is required');
  ownKeys = createLocalJWKSet(JSON.parse(text) as JSONWebKeySet);
  return ownKeys;
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
 * product's own (ES256 with the public keys) or the hosted login's (the IdP's JWKS). Returns
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
    const { payload } = await jwtVerify(token, ownVerificationKeys(), {
      issuer: OWN_ISSUER,
      audience: OWN_AUDIENCE,
      algorithms: ['ES256'],
      requiredClaims: ['sub', 'exp', 'ver'],
    });
    if (typeof payload.ver !== 'number' || !Number.isInteger(payload.ver)) return undefined;
    return { kind: 'own', userId: payload.sub ?? '', version: payload.ver };
  }
  if (config.AUTH_ISSUER && issuer === config.AUTH_ISSUER) {
    const { jwks } = await identityProvider(config.AUTH_ISSUER);
    const { payload } = await jwtVerify(token, jwks, {
      issuer: config.AUTH_ISSUER,
      ...(config.AUTH_AUDIENCE ? { audience: config.AUTH_AUDIENCE } : {}),
      algorithms: ['RS256', 'ES256', 'PS256', 'EdDSA'],
      // `iat` tells whether the token predates the end of its account's sessions.
      requiredClaims: ['sub', 'exp', 'iat'],
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
