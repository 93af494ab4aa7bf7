import type { VerifyUserInput } from '@hatchworks/shared/schemas/users';

/** The ID-token claims the product reads (OpenID standard claims). */
export interface IdentityClaims {
  readonly sub: string;
  readonly email?: string;
  readonly name?: string;
  readonly nickname?: string;
}

/** The claims the product reads from an identity provider session's ID token. */
export function claimsOf(user: { readonly profile: IdentityClaims }): IdentityClaims {
  const { sub, email, name, nickname } = user.profile;
  return { sub, email, name, nickname };
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The part of an email address before the '@' (the whole text when there is none). */
export function emailLocalPart(email: string): string {
  const at = email.indexOf('@');
  return (at === -1 ? email : email.slice(0, at)).trim();
}

/** The display name falls back to the email. */
export function displayNameFor(claims: Pick<IdentityClaims, 'name' | 'email'>): string {
  return text(claims.name) || text(claims.email);
}

/** The username falls back to the nickname, then the email's local part, then 'user'. */
export function usernameFor(claims: Pick<IdentityClaims, 'nickname' | 'email'>): string {
  return text(claims.nickname) || emailLocalPart(text(claims.email)) || 'user';
}

/** The body of `POST /api/auth0/verify-user` for the signed-in identity. */
export function verifyUserPayload(claims: IdentityClaims): VerifyUserInput {
  return {
    auth0_id: claims.sub,
    email: text(claims.email),
    display_name: displayNameFor(claims),
    username: usernameFor(claims),
  };
}
