import { describe, expect, it } from 'vitest';
import {
  escapeHtml,
  passwordResetMail,
  renderActionMail,
  verificationMail,
} from '../../src/modules/mail/mail-templates';

const LINK = 'https://hatchworks.example/verify-email?token=abc&lang=en';

describe('escapeHtml', () => {
  it('escapes the five characters that matter in text and quoted attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('renderActionMail', () => {
  it('puts the link on a line of its own in the text part', () => {
    // Act
    const mail = renderActionMail({
      subject: 'Do it',
      intro: ['Please do it.'],
      action: { label: 'Do it now', url: LINK },
    });
    // Assess
    expect(mail.text).toBe(`Hello,\n\nPlease do it.\n\nDo it now:\n${LINK}\n\n— Hatchworks`);
  });

  it('escapes every value in the HTML part, the link included', () => {
    // Act
    const mail = renderActionMail({
      subject: '<Subject & more>',
      name: '<img src=x onerror=alert(1)>',
      intro: ['Use "quotes" & <tags>'],
      action: { label: '<b>Go</b>', url: 'https://example.test/?a=1&b="2"' },
      outro: ["It's <fine>"],
    });
    // Assess
    expect(mail.html).not.toMatch(/<img|<b>|<tags>|<fine>|<Subject/);
    expect(mail.html).toContain('<title>&lt;Subject &amp; more&gt;</title>');
    expect(mail.html).toContain('Hello &lt;img src=x onerror=alert(1)&gt;,');
    expect(mail.html).toContain('Use &quot;quotes&quot; &amp; &lt;tags&gt;');
    expect(mail.html).toContain('href="https://example.test/?a=1&amp;b=%222%22"');
    expect(mail.html).toContain('&lt;b&gt;Go&lt;/b&gt;</a>');
    expect(mail.html).toContain('It&#39;s &lt;fine&gt;');
    // The text part stays plain text, unescaped.
    expect(mail.text).toContain('Hello <img src=x onerror=alert(1)>,');
  });

  it('has exactly one button and no script, style sheet or image', () => {
    // Act
    const { html } = renderActionMail({
      subject: 'S',
      intro: [],
      action: { label: 'Go', url: LINK },
    });
    // Assess
    expect(html.match(/<a /g)).toHaveLength(2); // the button and the same link spelled out
    expect(new Set([...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]))).toEqual(
      new Set([escapeHtml(LINK)]),
    );
    expect(html).not.toMatch(/<script|<style|<img|<link/i);
  });

  it.each(['javascript:alert(1)', 'data:text/html,hi', 'mailto:a@b.c'])(
    'refuses a %s link',
    (url) => {
      expect(() =>
        renderActionMail({ subject: 'S', intro: [], action: { label: 'Go', url } }),
      ).toThrow('must be http(s)');
    },
  );
});

describe('verificationMail', () => {
  it('asks to verify the address with the link, greeting by name', () => {
    // Act
    const mail = verificationMail({ name: 'Ada', link: LINK });
    // Assess
    expect(mail.subject).toBe('Verify your email address for Hatchworks');
    expect(mail.text).toContain('Hello Ada,');
    expect(mail.text).toContain(`Verify email address:\n${LINK}`);
    expect(mail.html).toContain(`href="${escapeHtml(LINK)}"`);
  });
});

describe('passwordResetMail', () => {
  it('names how long the one-time link works', () => {
    // Act
    const mail = passwordResetMail({ link: LINK, validMinutes: 60 });
    // Assess
    expect(mail.subject).toBe('Reset your Hatchworks password');
    expect(mail.text).toMatch(/^Hello,/);
    expect(mail.text).toContain(`Reset password:\n${LINK}`);
    expect(mail.text).toContain('The link works once and expires in 60 minutes.');
  });
});
