/**
 * Rules that keep names from impersonating: usernames that read as the site's staff or system
 * accounts are reserved, and display names may not hide characters that reorder or mask text.
 * Display names are public, so they may not be email addresses either.
 */

export const NAME_MESSAGES = {
  usernameReserved: 'This username is reserved',
  displayNameHidden:
    'Display name may not contain control or invisible characters, such as text-direction marks',
  displayNameEmail: 'Display name may not be an email address: display names are public',
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

/** A zero-width joiner inside an emoji sequence (e.g. 👩‍💻), the one format character allowed. */
const EMOJI_JOINER = /(?<=\p{Extended_Pictographic}\uFE0F?)\u200D(?=\p{Extended_Pictographic})/gu;

/**
 * Characters that do not show but change what is shown: controls (Cc, e.g. newlines), format
 * characters (Cf: bidi embeddings, overrides and isolates U+202A–U+202E and U+2066–U+2069, the
 * marks U+200E/U+200F/U+061C, zero-width spaces and joiners, tags), line and paragraph separators,
 * and the Hangul fillers that pass for blank names.
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0]/u;
const HIDDEN_ALL = new RegExp(HIDDEN.source, 'gu');

/** Whether a display name holds a character {@link HIDDEN} refuses (an emoji's joiner is fine). */
export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN.test(text.replace(EMOJI_JOINER, ''));
}

/**
 * Whether a text reads as an email address: an '@' between two characters that are neither blank
 * nor '@' (`otto@example.test`, also `otto@exam`, an address cut short), after compatibility
 * normalization, so a full-width '＠' counts too. '@otto' and 'Tom @ Work' do not.
 */
export function looksLikeEmail(text: string): boolean {
  return /[^\s@]@[^\s@]/u.test(text.normalize('NFKC'));
}

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

/** What {@link publicDisplayName} reads of a user (the email where it is at hand). */
export interface NamedUser {
  readonly display_name?: string | undefined;
  readonly username: string;
  readonly email?: string | undefined;
}

/**
 * The name a user is shown by, to others and to themselves: the display name, else the username
 * when the display name is blank, reads as an email address ({@link looksLikeEmail}) or is the
 * account's own email cleaned as a display name (so cut to 60 characters). Applied wherever a
 * name is answered, so a stored name that breaks the rule is never shown.
 */
export function publicDisplayName(user: NamedUser): string {
  const name = (user.display_name ?? '').trim();
  const isOwnEmail =
    user.email !== undefined &&
    user.email !== '' &&
    name.toLowerCase() === cleanDisplayName(user.email).toLowerCase();
  return name === '' || isOwnEmail || looksLikeEmail(name) ? user.username : name;
}
