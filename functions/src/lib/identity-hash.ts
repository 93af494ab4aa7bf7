import { createHmac } from 'node:crypto';
import { secretValue } from './secret-value';

/** An email as one person: trimmed and in lower case. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** What names a person: an email address and the hosted-login identities (`issuer|subject`). */
export interface PersonNames {
  readonly email?: string;
  readonly subjects?: readonly string[];
}

/**
 * The keyed hashes (HMAC-SHA256 with `IDENTITY_HASH_KEY`) that stand for a person after their
 * account is gone: one per email address and one per hosted identity. Keyed, so a copy of the
 * table cannot be matched against a list of addresses without the key. The prefixes keep an
 * email and a subject that happen to be the same text apart.
 */
export async function personHashes(names: PersonNames): Promise<string[]> {
  const key = await secretValue('IDENTITY_HASH_KEY');
  const hash = (text: string) => createHmac('sha256', key).update(text).digest('base64url');
  const email = names.email ? normalizeEmail(names.email) : '';
  return [
    ...(email ? [hash(`email\n${email}`)] : []),
    ...(names.subjects ?? []).map((subject) => hash(`subject\n${subject}`)),
  ];
}
