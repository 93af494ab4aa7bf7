/** Messages the comments section shows when the server gives none. */
export const COMMENT_FALLBACKS = {
  load: 'Failed to load comments',
  post: 'Failed to post comment',
  edit: 'Failed to save comment',
  delete: 'Failed to delete comment',
  pin: 'Failed to change the Team answer',
} as const;

/** A run of plain text or an http(s) link within a comment. */
export type TextPart =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'link'; readonly text: string; readonly href: string };

const LINK = /\bhttps?:\/\/[^\s<>"']+/gi;
/** Punctuation that ends a sentence rather than a URL. */
const TRAILING = /[.,;:!?)\]}]+$/;

/**
 * Splits a comment's plain text into text and http(s) links, for rendering as text nodes and
 * anchors (never as HTML). Trailing sentence punctuation stays outside the link.
 */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    let url = match[0];
    const trailing = TRAILING.exec(url)?.[0] ?? '';
    url = url.slice(0, url.length - trailing.length);
    const start = match.index;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    let href: string | null = null;
    try {
      const parsed = new URL(url);
      if (parsed.protocol === 'http:' || parsed.protocol === 'https:') href = parsed.href;
    } catch {
      href = null;
    }
    parts.push(href ? { kind: 'link', text: url, href } : { kind: 'text', text: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** 'edited', 'posted' times as short local text. */
export function commentTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}
