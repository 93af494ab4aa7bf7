import { createHmac } from 'node:crypto';
import { secretValue } from './secret-value';

/** An email as one person: trimmed and in lower case. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * Providers that deliver an address whatever dots its local part holds, by the domain they use for
 * it: `j.doe@googlemail.com` reaches `jdoe@gmail.com`.
 */
const DOTS_IGNORED = new Map([
  ['gmail.com', 'gmail.com'],
  ['googlemail.com', 'gmail.com'],
]);

/**
 * The mailbox an address reaches, for "once per person": the address normalised, without its
 * sub-address (`bob+news@…` reaches `bob@…` at Gmail, Outlook, iCloud, Fastmail, Proton and most
 * others), and without the dots of its local part where the provider ignores them (Gmail). Two
 * people whose addresses differ only by a `+tag` at a provider without sub-addressing share one
 * welcome: the cost of the rule, accepted.
 */
export function mailboxOf(email: string): string {
  const address = normalizeEmail(email);
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  const tag = address.indexOf('+');
  let local = address.slice(0, tag > 0 && tag < at ? tag : at);
  let domain = address.slice(at + 1);
  const dotless = DOTS_IGNORED.get(domain);
  if (dotless) {
    local = local.replaceAll('.', '');
    domain = dotless;
  }
  return `${local}@${domain}`;
}

/** What names a person: an email address and the hosted-login identities (`issuer|subject`). */
export interface PersonNames {
  readonly email?: string;
  readonly subjects?: readonly string[];
}

/**
 * The keyed hashes (HMAC-SHA256 with `IDENTITY_HASH_KEY`) that stand for a person after their
 * account is gone: one for the mailbox of the email address (`mailboxOf`), one for the address as
 * written when it differs (persons were known by it before mailboxes, and still are), and one per
 * hosted identity. Keyed, so a copy of the table cannot be matched against a list of addresses
 * without the key. The prefixes keep an email and a subject that happen to be the same text apart.
 */
export async function personHashes(names: PersonNames): Promise<string[]> {
  const key = await secretValue('IDENTITY_HASH_KEY');
  const hash = (text: string) => createHmac('sha256', key).update(text).digest('base64url');
  const email = names.email ? normalizeEmail(names.email) : '';
  const emails = email ? [...new Set([mailboxOf(email), email])] : [];
  return [
    ...emails.map((address) => hash(`email\n${address}`)),
    ...(names.subjects ?? []).map((subject) => hash(`subject\n${subject}`)),
  ];
}
