import { decodeJwt, decodeProtectedHeader, importJWK, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateSigningKey, publicKeySet, type PrivateSigningJwk } from '../../src/lib/token-keys';
import {
  OWN_AUDIENCE,
  OWN_ISSUER,
  isTokenRejection,
  signOwnToken,
  verifyBearer,
} from '../../src/lib/tokens';

const current = generateSigningKey();
const previous = generateSigningKey();
const stranger = generateSigningKey();

beforeAll(() => {
  // Read once, on the first token: the signing key, and the public set of both keys in rotation.
  process.env.TOKEN_SIGNING_KEY = JSON.stringify(current);
  process.env.TOKEN_VERIFY_KEYS = JSON.stringify(publicKeySet([current, previous]));
});

/** A token as another signer would make it: `key` signs, the claims are the product's. */
async function tokenSignedWith(
  key: PrivateSigningJwk,
  claims: Record<string, unknown> = { ver: 0 },
): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', kid: key.kid })
    .setIssuer(OWN_ISSUER)
    .setAudience(OWN_AUDIENCE)
    .setSubject('user-1')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(await importJWK(key, 'ES256'));
}

async function rejection(token: string): Promise<unknown> {
  try {
    return await verifyBearer(token);
  } catch (error) {
    return isTokenRejection(error) ? 'rejected' : error;
  }
}

describe("the product's own tokens", () => {
  it('are ES256 JWTs naming their key, the user and the token version, for one hour', async () => {
    // Act
    const token = await signOwnToken({ id: 'user-1', token_version: 3 });
    // Assess
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'ES256', typ: 'JWT', kid: current.kid });
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ iss: OWN_ISSUER, aud: OWN_AUDIENCE, sub: 'user-1', ver: 3 });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(3600);
  });

  it('carry token version 0 for a user who never changed the password', async () => {
    const token = await signOwnToken({ id: 'user-1' });

    expect(decodeJwt(token).ver).toBe(0);
  });

  it('verify with the public keys alone, as the user and version they were signed for', async () => {
    // Prepare
    const token = await signOwnToken({ id: 'user-1', token_version: 2 });
    // Act
    const verified = await verifyBearer(token);
    // Assess
    expect(verified).toEqual({ kind: 'own', userId: 'user-1', version: 2 });
    expect(JSON.stringify(publicKeySet([current]))).not.toContain(current.d);
  });

  it('still verify when signed by the previous key of a rotation', async () => {
    expect(await verifyBearer(await tokenSignedWith(previous))).toMatchObject({
      kind: 'own',
      userId: 'user-1',
    });
  });

  it('are refused when signed by a key outside the public set', async () => {
    expect(await rejection(await tokenSignedWith(stranger))).toBe('rejected');
  });

  it('are refused without a token version', async () => {
    expect(await rejection(await tokenSignedWith(current, {}))).toBe('rejected');
  });

  it('are refused when signed with HS256, whatever the secret', async () => {
    // Prepare: the old kind of token, signed with a shared secret.
    const token = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(OWN_ISSUER)
      .setAudience(OWN_AUDIENCE)
      .setSubject('user-1')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a-shared-secret-of-at-least-32-characters'));
    // Act + Assess
    expect(await rejection(token)).toBe('rejected');
  });
});
