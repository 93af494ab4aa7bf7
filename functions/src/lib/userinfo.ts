import { identityProvider } from './tokens';

/** The OpenID userinfo claims this product reads. */
export interface UserInfo {
  readonly sub?: string;
  readonly email?: string;
  readonly email_verified?: boolean | string;
  readonly name?: string;
  readonly nickname?: string;
  readonly preferred_username?: string;
}

/**
 * Asks the IdP who the access token belongs to: the email and names come from the provider,
 * never from the request body.
 */
export async function fetchUserInfo(issuer: string, accessToken: string): Promise<UserInfo> {
  const { userinfoEndpoint } = await identityProvider(issuer);
  if (!userinfoEndpoint) return {};
  const response = await fetch(userinfoEndpoint, {
    headers: { authorization: `Bearer ${accessToken}` },
    signal: AbortSignal.timeout(5000),
  });
  if (!response.ok) throw new Error(`userinfo answered ${response.status}`);
  return (await response.json()) as UserInfo;
}

/**
 * Whether the provider vouches for the address: it checked the mailbox. Some providers (Cognito)
 * send the flag as the string 'true'; anything else, or no flag, does not vouch.
 */
export function vouchesForEmail(info: Pick<UserInfo, 'email_verified'>): boolean {
  return info.email_verified === true || info.email_verified === 'true';
}
