import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import type { ChangelogEntry } from '@hatchworks/shared/schemas/changelog';
import { changelogAtom } from '../../src/modules/publishing/changelog-feed';

/** What a conformant XML 1.0 parser reads of the document: element texts and attributes. */
function parse(xml: string) {
  const parser = new SaxesParser();
  const texts: string[] = [];
  const attributes: Record<string, string>[] = [];
  parser.on('text', (text) => texts.push(text));
  parser.on('cdata', (text) => texts.push(text));
  parser.on('opentag', (tag) => attributes.push(tag.attributes as Record<string, string>));
  parser.write(xml).close();
  return { texts: texts.join(''), attributes };
}

const entry = (fields: Partial<ChangelogEntry>): ChangelogEntry => ({
  id: '01JENTRY',
  title: 'Release',
  body: 'Shipped.',
  project_id: 'p1',
  project: { id: 'p1', title: 'Yolk Runner' },
  closes: [],
  created_at: '2026-11-20T10:00:00.000Z',
  ...fields,
});

describe('the changelog feed (/changelog.xml)', () => {
  it('stays well-formed XML whatever the titles hold, keeping every character XML allows', () => {
    // Prepare
    const hostile = entry({
      title: 'NUL\u0000 back\u0008space <b>bold</b> & "quotes" \uD800 lone \u202Eright',
      body: 'Line\u0001 one\n\nTwo ]]> <script>alert(1)</script>',
      project: { id: 'p1', title: 'A <beta> & "q" \u0007' },
      closes: [{ type: 'feature', id: 'f1', title: 'Close <me>\u0000' }],
    });

    // Act
    const parsed = parse(changelogAtom([hostile], 'https://hatchworks.example'));

    // Assess
    expect(parsed.texts).toContain('NUL back');
    expect(parsed.texts).toContain('space &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quotes&quot;');
    expect(parsed.texts).toContain('\u202Eright');
    expect(parsed.texts).toContain('&lt;script&gt;');
    expect(parsed.texts).toContain('Close &lt;me&gt;');
    expect(
      ['\u0000', '\u0001', '\u0007', '\u0008'].filter((c) => parsed.texts.includes(c)),
    ).toEqual([]);
    const category = parsed.attributes.find((each) => 'term' in each);
    expect(category).toEqual({ label: 'A <beta> & "q" ', term: 'A <beta> & "q" ' });
  });

  it('reads an ordinary entry back as written', () => {
    // Act
    const parsed = parse(changelogAtom([entry({})], 'https://hatchworks.example'));

    // Assess
    expect(parsed.texts).toContain('Release');
    expect(parsed.texts).toContain('<p>Shipped.</p>');
    expect(parsed.attributes.find((each) => 'term' in each)).toEqual({
      label: 'Yolk Runner',
      term: 'Yolk Runner',
    });
  });
});
