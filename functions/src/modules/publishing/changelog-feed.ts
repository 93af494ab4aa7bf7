import { Feed } from 'feed';
import { SITE_NAME } from '@hatchworks/shared/constants';
import { changelogParagraphs, type ChangelogEntry } from '@hatchworks/shared/schemas/changelog';

/** Where the feed and the page live, relative to the site's origin. */
export const CHANGELOG_FEED_PATH = '/changelog.xml';
export const CHANGELOG_PAGE_PATH = '/changelog';

/** Plain text made safe for the feed's `type="html"` text constructs. */
const escapeHtml = (text: string) =>
  text
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
        ? { category: [{ name: entry.project.title, term: entry.project.title }] }
        : {}),
    });
  }
  return feed.atom1();
}
