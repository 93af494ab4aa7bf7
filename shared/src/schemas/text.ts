import * as z from '../zod';

/*
 * The one rule of every text a person writes for others to read (titles, names, tags, bodies,
 * notes, project fields, display names): no character that does not show but changes what is
 * shown or read. Single-line fields refuse tabs and line breaks too; bodies keep them.
 */

/**
 * Characters that do not show but change what is shown: controls (Cc: C0, DEL and C1), format
 * characters (Cf: bidi embeddings, overrides and isolates U+202A–U+202E and U+2066–U+2069, the
 * marks U+200E/U+200F/U+061C, zero-width spaces, joiners and no-break space, soft hyphens,
 * tags), lone surrogates (Cs), line and paragraph separators, and the Hangul fillers that pass
 * for blank text; written as the inside of a regular expression's character class.
 */
export const HIDDEN_CHARACTERS = String.raw`\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0`;

/**
 * What a text may hold: a character that shows, an emoji's joiner, or a subdivision flag (🏴
 * England, Scotland, Wales) with its tag characters.
 */
const SHOWN = [
  `[^${HIDDEN_CHARACTERS}]`,
  String.raw`\u200D(?<=\p{Extended_Pictographic}\uFE0F?\u200D)(?=\p{Extended_Pictographic})`,
  String.raw`\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}`,
].join('|');

/** A one-line text (titles, names, tags). */
const VISIBLE_LINE = new RegExp(`^(?:${SHOWN})*$`, 'u');

/** A text that may break lines (bodies): also tabs and line breaks (LF or CRLF). */
const VISIBLE_LINES = new RegExp(`^(?:${SHOWN}|\\r\\n|[\\t\\n])*$`, 'u');

/**
 * Whether `text` holds a hidden character: a control, bidi or other format character, a lone
 * surrogate, a line separator or a Hangul filler (an emoji's joiner and a flag's tags are fine).
 * With `lineBreaks`, tabs and line breaks are fine too.
 */
export function hasHiddenCharacters(text: string, { lineBreaks = false } = {}): boolean {
  return !(lineBreaks ? VISIBLE_LINES : VISIBLE_LINE).test(text);
}

/** The message of a field that holds hidden characters, e.g. 'Title may not contain …'. */
export const hiddenCharactersMessage = (label: string) =>
  `${label} may not contain control or invisible characters, such as text-direction marks`;

/**
 * The check every user-written text field ends with: refuses {@link hasHiddenCharacters} with
 * {@link hiddenCharactersMessage} of `label`. Bodies pass `{ lineBreaks: true }`.
 */
export const noHiddenCharacters = (label: string, { lineBreaks = false } = {}) =>
  z.regex(lineBreaks ? VISIBLE_LINES : VISIBLE_LINE, hiddenCharactersMessage(label));
