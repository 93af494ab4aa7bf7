import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { getUserById, getUserBySubject } from '../modules/accounts/users-repository';
import { isTokenRejection, verifyBearer } from '../lib/tokens';
import type { Caller } from './access';

function bearerToken(event: APIGatewayProxyEventV2): string | undefined {
  const header = event.headers.authorization ?? event.headers.Authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/**
 * Verifies the request's bearer token (the product's own or the IdP's) and finds its live user;
 * a bad or foreign token, or an own token of an older token version, is no caller.
 */
export async function identify(event: APIGatewayProxyEventV2): Promise<Caller> {
  const raw = bearerToken(event);
  if (!raw) return {};
  try {
    const token = await verifyBearer(raw);
    if (!token) return {};
    const user =
      token.kind === 'own'
        ? await getUserById(token.userId)
        : await getUserBySubject(token.issuer, token.subject);
    // A password change or reset raises the user's token version: older own tokens are void.
    if (token.kind === 'own' && user && token.version !== (user.token_version ?? 0)) return {};
    return { token, ...(user ? { user } : {}) };
  } catch (error) {
    if (isTokenRejection(error)) return {};
    throw error;
  }
}
