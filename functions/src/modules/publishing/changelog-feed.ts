import { Feed } from 'feed';
import { SITE_NAME } from '@hatchworks/shared/constants';
import { changelogParagraphs, type ChangelogEntry } from '@hatchworks/shared/schemas/changelog';

/** Where the feed and the page live, relative to the site's origin. */
export const CHANGELOG_FEED_PATH = '/changelog.xml';
export const CHANGELOG_PAGE_PATH = '/changelog';

/**
 * Characters XML 1.0 does not allow anywhere, not even escaped (its `Char` production): C0
 * controls other than tab, line feed and carriage return, U+FFFE/U+FFFF and lone surrogates. The
 * feed drops them from every text it is given, or no reader could parse it.
 */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const xmlText = (text: string) => text.replace(NOT_XML, '');

/** Plain text made safe for the feed's `type="html"` text constructs. */
const escapeHtml = (text: string) =>
  xmlText(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/**
 * The entry's plain-text body as HTML for feed readers: each paragraph a `<p>`, single line breaks
 * `<br>`, every character of the author's text escaped (never HTML from the body itself).
 */
export function bodyHtml(body: string): string {
  return changelogParagraphs(body)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

/**
 * The Atom 1.0 feed of the newest entries, built by the `feed` library (which writes the XML and
 * its escaping). Entry ids are stable tag-less URNs of the entry id; links go to the entry's
 * anchor on the changelog page.
 */
export function changelogAtom(entries: readonly ChangelogEntry[], siteUrl: string): string {
  const origin = new URL(siteUrl).origin;
  const page = `${origin}${CHANGELOG_PAGE_PATH}`;
  const newest = entries[0];
  const feed = new Feed({
    id: `${page}`,
    title: `${SITE_NAME} changelog`,
    description: `What shipped at ${SITE_NAME}: the requests each release closes.`,
    link: page,
    feedLinks: { atom: `${origin}${CHANGELOG_FEED_PATH}` },
    language: 'en',
    updated: newest ? new Date(newest.created_at) : new Date(0),
    author: { name: SITE_NAME, link: `${origin}/` },
    copyright: `${SITE_NAME}`,
    generator: false,
  });
  for (const entry of entries) {
    const date = new Date(entry.created_at);
    const closes = entry.closes.length
      ? `\n<p>Closes: ${entry.closes.map((subject) => escapeHtml(subject.title)).join(', ')}</p>`
      : '';
    feed.addItem({
      id: `urn:hatchworks:changelog:${entry.id}`,
      title: escapeHtml(entry.title),
      link: `${page}#entry-${entry.id}`,
      date,
      published: date,
      content: bodyHtml(entry.body) + closes,
      ...(entry.project
        ? {
            category: [{ name: xmlText(entry.project.title), term: xmlText(entry.project.title) }],
          }
        : {}),
    });
  }
  return escapeAttributeLessThan(feed.atom1());
}

/**
 * The library escapes `&` in attribute values and xml-js `"`, but neither `<`, which XML does not
 * allow there (a project title such as "A <beta>" in a category). Attribute values are the only
 * place of the document where a `<` can stand inside quotes.
 */
const escapeAttributeLessThan = (xml: string) =>
  xml.replace(
    /(\s[\w:-]+=")([^"]*)"/g,
    (_, start: string, value: string) => `${start}${value.replaceAll('<', '&lt;')}"`,
  );
