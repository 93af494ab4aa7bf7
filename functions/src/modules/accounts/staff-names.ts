import unhomoglyph from 'unhomoglyph';
import { NAME_MESSAGES } from '@hatchworks/shared/schemas/user-names';
import type { Role } from '@hatchworks/shared/schemas/users';
import type { FieldError } from '@hatchworks/shared/schemas/envelope';
import { ValidationError } from '../../lib/errors';

/**
 * Words that read as the site's staff wherever they stand in a name: 'the_admin', 'Admins',
 * 'DemoAdmin', 'Hatchworks Team', 'Moderator Mia'.
 */
const STAFF_ANYWHERE = [
  'admin',
  'hatchworks',
  'helpdesk',
  'hostmaster',
  'moderator',
  'noreply',
  'postmaster',
  'superuser',
  'webmaster',
];

/** Ordinary words that hold a word of {@link STAFF_ANYWHERE}, left out before looking for one. */
const ORDINARY_WORDS = ['badminton'];

/**
 * Words that read as the site speaking, its staff or its system when a name is made of nothing
 * else (a plural 's' and the words of {@link FILLER_WORDS} aside): 'Support', 'the_team', 'mods',
 * 'Site Support', 'Staff-42', but not 'teamwork', 'Team Rocket', 'model' or 'helpful_hen'.
 * 'Anonymous' and 'Deleted user' are what the site shows for anonymous and deleted authors.
 */
const STAFF_WORDS = [
  'abuse',
  'anonymous',
  'api',
  'billing',
  'contact',
  'deleteduser',
  'everyone',
  'help',
  'info',
  'mod',
  'null',
  'official',
  'owner',
  'root',
  'security',
  'staff',
  'studio',
  'support',
  'system',
  'team',
  'undefined',
  'www',
];

/** Words that make no name of their own but do not make a staff word a person's name either. */
const FILLER_WORDS = ['hq', 'our', 'real', 'site', 'the'];

/** The UTS #39 skeleton of `text`: NFD, each character replaced by its prototype, NFD again. */
export function skeleton(text: string): string {
  return unhomoglyph(text.normalize('NFD')).normalize('NFD');
}

/**
 * `text` as its letters look: compatibility forms as their letters (fullwidth, circled, math),
 * lower case, the skeleton (so Cyrillic 'а' is 'a', '0' is 'o', '1' and 'I' are 'l', 'm' is 'rn'),
 * accents dropped, 'i' read as 'l' (the two are one stroke in many fonts: 'admln' reads 'admin'),
 * and only letters kept (separators, spaces, punctuation and other digits go).
 */
function letters(text: string): string {
  return skeleton(text.normalize('NFKD').toLowerCase())
    .toLowerCase()
    .replace(/\p{M}/gu, '')
    .replace(/i/g, 'l')
    .replace(/\P{L}/gu, '');
}

const folded = (words: readonly string[]) => words.map(letters);
const STAFF_ANYWHERE_LETTERS = folded(STAFF_ANYWHERE);
const ORDINARY_LETTERS = folded(ORDINARY_WORDS);
const NAME_WORDS = [
  ...folded(STAFF_WORDS).map((word) => ({ word, staff: true })),
  ...folded(FILLER_WORDS).map((word) => ({ word, staff: false })),
];

/**
 * Whether `form` is made only of staff words and fillers, each maybe followed by a plural 's',
 * with at least one staff word.
 */
function onlyStaffWords(form: string): boolean {
  // reached[i]: how the first i letters read: 0 not as such words, 1 as fillers only, 2 with a
  // staff word among them.
  const reached = new Array<number>(form.length + 1).fill(0);
  reached[0] = 1;
  const mark = (end: number, how: number) => {
    reached[end] = Math.max(reached[end] ?? 0, how);
  };
  for (let at = 0; at < form.length; at += 1) {
    const before = reached[at] ?? 0;
    if (before === 0) continue;
    for (const { word, staff } of NAME_WORDS) {
      if (!form.startsWith(word, at)) continue;
      const how = staff ? 2 : before;
      const end = at + word.length;
      mark(end, how);
      if (form[end] === 's') mark(end + 1, how);
    }
  }
  return reached[form.length] === 2;
}

/**
 * Whether a username or display name reads as the site's staff: compared as {@link letters} sees
 * it, digits read as the letters they resemble or left out ('adm1n', 'r00t', 'Admin-1', 'mod2'),
 * it holds a word of {@link STAFF_ANYWHERE} (outside {@link ORDINARY_WORDS}), or it is made of
 * {@link STAFF_WORDS} alone.
 */
export function isStaffName(name: string): boolean {
  const forms = new Set([letters(name), letters(name.replace(/\p{N}/gu, ''))]);
  return [...forms].some((form) => {
    const rest = ORDINARY_LETTERS.reduce((text, word) => text.replaceAll(word, '-'), form);
    return STAFF_ANYWHERE_LETTERS.some((word) => rest.includes(word)) || onlyStaffWords(form);
  });
}

/** The names a sign-up or profile change sets. */
export interface ChosenNames {
  readonly username?: string | undefined;
  readonly display_name?: string | undefined;
}

/** Who sets them: their role and the names they have now (none for a sign-up). */
export interface NameOwner {
  readonly role: Role;
  readonly username: string;
  readonly display_name: string;
}

/**
 * Refuses chosen names that read as the site's staff (400, each refused field in `details`, the
 * first one's message as the message). Admins may take any name, and a name the owner has already
 * is kept (in any case for a username) even if it reads as staff: it may have been taken before
 * the rule, and the owner must still be able to change the other name.
 */
export function refuseStaffNames(names: ChosenNames, owner?: NameOwner): void {
  if (owner?.role === 'admin') return;
  const problems: FieldError[] = [];
  const { username, display_name: displayName } = names;
  if (
    username !== undefined &&
    username.toLowerCase() !== owner?.username.toLowerCase() &&
    isStaffName(username)
  ) {
    problems.push({ field: 'username', message: NAME_MESSAGES.usernameReserved });
  }
  if (
    displayName !== undefined &&
    displayName !== owner?.display_name &&
    isStaffName(displayName)
  ) {
    problems.push({ field: 'display_name', message: NAME_MESSAGES.displayNameReserved });
  }
  if (problems.length > 0) throw new ValidationError(problems, problems[0]?.message);
}
