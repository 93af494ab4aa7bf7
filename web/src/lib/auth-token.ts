import type { AccessTokenProvider } from './api-client';
import type { HostedLogin } from './hosted-login';
import { readPersistedAuth } from './auth-storage';

/**
 * The API client's token source: the IdP access token while there is an IdP session, else the
 * product's own token from the persisted auth state (email and password login).
 */
export function bearerTokenProvider(client: HostedLogin | null): AccessTokenProvider {
  return async () => {
    if (client && (await client.currentUser())) return client.accessToken();
    return readPersistedAuth()?.token ?? null;
  };
}
