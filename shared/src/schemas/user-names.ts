import { HIDDEN_CHARACTERS, hiddenCharactersMessage } from './text';

/**
 * Rules that keep names from impersonating: usernames that read as the site's staff or system
 * accounts are reserved, and display names may not hide characters that reorder or mask text.
 */

export const NAME_MESSAGES = {
  usernameReserved: 'This username is reserved',
  displayNameHidden: hiddenCharactersMessage('Display name'),
} as const;

/**
 * Names that read as the site speaking, its staff or its system (compared as {@link
 * isReservedUsername} does). 'anonymous' and 'deleted user' are what the site shows for anonymous
 * and deleted authors.
 */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  'abuse',
  'admin',
  'administrator',
  'anonymous',
  'api',
  'billing',
  'contact',
  'deleteduser',
  'everyone',
  'help',
  'helpdesk',
  'hostmaster',
  'info',
  'mod',
  'moderator',
  'moderators',
  'noreply',
  'null',
  'official',
  'owner',
  'postmaster',
  'root',
  'security',
  'staff',
  'superuser',
  'support',
  'sysadmin',
  'system',
  'team',
  'undefined',
  'webmaster',
  'www',
]);

/** The brand: no username may contain it, whatever surrounds it. */
const BRAND = 'hatchworks';

/**
 * Whether a username is reserved: ignoring case, separators ('_', '.', '-') and digits, it is one
 * of {@link RESERVED_USERNAMES} or contains the brand. So 'Admin', 'ad_min', 'Admin-1' and
 * 'root.42' are reserved, while 'admiral', 'modern' and 'demo_admin' are not: words that only
 * start with a reserved one are left alone, or 'helpful_hen' and 'model' would be refused too.
 */
export function isReservedUsername(username: string): boolean {
  const core = username.toLowerCase().replace(/[\d_.-]+/g, '');
  return RESERVED_USERNAMES.has(core) || core.includes(BRAND);
}

/** A zero-width joiner inside an emoji sequence (e.g. 👩‍💻), the one joiner a name keeps. */
const EMOJI_JOINER = /(?<=\p{Extended_Pictographic}\uFE0F?)\u200D(?=\p{Extended_Pictographic})/gu;

/** Every character the text rule refuses (shared/src/schemas/text.ts). */
const HIDDEN_ALL = new RegExp(`[${HIDDEN_CHARACTERS}]`, 'gu');

/** The longest display name, in characters. */
export const DISPLAY_NAME_MAX = 60;

/** Drops hidden characters, turning controls and line separators into spaces. */
const sweep = (text: string) => text.replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, ' ').replace(HIDDEN_ALL, '');

/**
 * A display name made from what others supplied (an email, an identity provider's name), cleaned
 * rather than refused: NFC, hidden characters dropped (controls and line separators become
 * spaces), runs of white space made one, trimmed, at most 60 characters. May be '' when nothing
 * is left.
 */
export function cleanDisplayName(text: string): string {
  const cleaned = text
    .normalize('NFC')
    .split(EMOJI_JOINER)
    .map(sweep)
    .join('\u200D')
    .replace(/\s+/gu, ' ')
    .trim();
  // Cut whole characters (a surrogate pair stays whole) within the schema's length, which counts
  // UTF-16 units; a joiner left at the end of a cut emoji sequence would be a hidden character.
  let kept = '';
  for (const character of cleaned) {
    if (kept.length + character.length > DISPLAY_NAME_MAX) break;
    kept += character;
  }
  return kept.replace(/\u200D+$/u, '').trim();
}
