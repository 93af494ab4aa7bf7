import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import {
  getUserById,
  getUserBySubject,
  type StoredUser,
} from '../modules/accounts/users-repository';
import { isTokenRejection, verifyBearer, type VerifiedToken } from '../lib/tokens';
import type { Caller } from './access';

/**
 * Whether a token outlived no end of its user's sessions (password change or reset, "sign out
 * everywhere"): an own token carries the token version it was signed with, a hosted one the time
 * it was issued.
 */
function stillValid(token: VerifiedToken, user: StoredUser): boolean {
  if (token.kind === 'own') return token.version === (user.token_version ?? 0);
  const issuedAt = token.claims.iat ?? 0;
  return issuedAt >= (user.sessions_valid_after ?? 0);
}

function bearerToken(event: APIGatewayProxyEventV2): string | undefined {
  const header = event.headers.authorization ?? event.headers.Authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/**
 * Verifies the request's bearer token (the product's own or the IdP's) and finds its live user;
 * a bad or foreign token, or one from before its user's sessions ended, is no caller.
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
    if (user && !stillValid(token, user)) return {};
    return { token, ...(user ? { user } : {}) };
  } catch (error) {
    if (isTokenRejection(error)) return {};
    throw error;
  }
}
