import { HIDDEN_CHARACTERS, hiddenCharactersMessage } from './text';

/**
 * Names that cannot impersonate: the messages of the staff-name rule (checked by the server,
 * functions/src/modules/accounts/staff-names.ts) and of the text rule on display names, and the
 * cleaning of names others supplied. Display names are public, so they may not be email
 * addresses either.
 */

export const NAME_MESSAGES = {
  usernameReserved: 'This username is reserved',
  displayNameReserved: 'This display name is reserved',
  displayNameHidden: hiddenCharactersMessage('Display name'),
  displayNameEmail: 'Display name may not be an email address: display names are public',
} as const;

/** A zero-width joiner inside an emoji sequence (e.g. 👩‍💻), the one joiner a name keeps. */
const EMOJI_JOINER = /(?<=\p{Extended_Pictographic}\uFE0F?)\u200D(?=\p{Extended_Pictographic})/gu;

/** Every character the text rule refuses (shared/src/schemas/text.ts). */
const HIDDEN_ALL = new RegExp(`[${HIDDEN_CHARACTERS}]`, 'gu');

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
