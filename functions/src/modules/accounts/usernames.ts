import { cleanDisplayName, looksLikeEmail } from '@hatchworks/shared/schemas/user-names';
import { isStaffName } from './staff-names';

/**
 * How short `users-repository` cuts a taken username before appending 4–5 random digits to make
 * it unique: a derived name must stay unreserved after such a cut too (a name whose staff word
 * only a suffix spoils would otherwise lose the suffix).
 */
const UNIQUE_CUTS = [25, 26];

/** Whether a derived username, and every cut the repository may make of it, is no staff name. */
const usable = (name: string) =>
  !isStaffName(name) && UNIQUE_CUTS.every((cut) => !isStaffName(name.slice(0, cut)));

/**
 * The username of a new user: the nickname, else the part of the email before the @, else 'user'
 * — cleaned to the username rules (3–30 of letters, digits, '_', '.', '-') and never a staff
 * name: a candidate that cleans to one ('admin', 'adm1n', 'Support-1') is passed over.
 */
export function fallbackUsername(...candidates: (string | undefined)[]): string {
  for (const candidate of candidates) {
    const cleaned = (candidate ?? '')
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9_.-]+/g, '')
      .slice(0, 30);
    if (cleaned.length === 0) continue;
    const name = cleaned.length >= 3 ? cleaned : `${cleaned}${'_'.repeat(3 - cleaned.length)}`;
    if (usable(name)) return name;
  }
  return 'user';
}

/**
 * The display name of a new user from what the identity provider or the form supplied, cleaned
 * rather than refused (NFC, no control or invisible characters, ≤ 60 characters); a staff name
 * ('Admin', 'Hatchworks Team') is passed over; undefined when none is usable, and the account
 * then shows its username. Never an email address (providers often send the email as `name`):
 * a display name is public (comments, activity, cards), an email is not.
 */
export function chosenDisplayName(...candidates: (string | undefined)[]): string | undefined {
  for (const candidate of candidates) {
    const cleaned = cleanDisplayName(candidate ?? '');
    if (cleaned && !looksLikeEmail(cleaned) && !isStaffName(cleaned)) return cleaned;
  }
  return undefined;
}

/** The part of an email address before the @. */
export const emailLocalPart = (email: string) => email.split('@')[0] ?? '';
