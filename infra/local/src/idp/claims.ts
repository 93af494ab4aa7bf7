import type { AccountClaims } from 'oidc-provider';
import type { IdpAccount } from './account-store';

/** Which claims each scope releases, as with Auth0 and Cognito. */
export const SCOPE_CLAIMS = {
  openid: ['sub'],
  profile: ['name', 'nickname', 'preferred_username'],
  email: ['email', 'email_verified'],
} satisfies Record<string, string[]>;

/** Every OpenID claim of a person; callers release only those their scopes allow. */
export function claimsOf(account: IdpAccount): AccountClaims {
  return {
    sub: account.id,
    email: account.email,
    email_verified: account.emailVerified,
    name: account.name,
    nickname: account.nickname,
    preferred_username: account.nickname,
  };
}

/** The claims released for a space-separated scope. */
export function claimsForScope(account: IdpAccount, scope: string): Record<string, unknown> {
  const all = claimsOf(account);
  const released: Record<string, unknown> = {};
  for (const name of scope.split(' ')) {
    if (!(name in SCOPE_CLAIMS)) continue;
    for (const claim of SCOPE_CLAIMS[name as keyof typeof SCOPE_CLAIMS])
      released[claim] = all[claim];
  }
  return released;
}
