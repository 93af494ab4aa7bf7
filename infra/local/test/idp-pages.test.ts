import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SITE_TOKENS } from '../src/idp/html';
import { errorPage, humanErrorMessage, loginPage } from '../src/idp/pages';
import { siteOriginOf } from '../src/idp/settings';

const TOKENS_CSS = readFileSync(
  new URL('../../../web/src/styles/tokens.css', import.meta.url),
  'utf8',
);

/** The value of one custom property in the site's tokens, whitespace collapsed. */
function siteToken(name: string): string | undefined {
  const match = new RegExp(`${name}:\\s*([^;]+);`).exec(TOKENS_CSS);
  return match?.[1]?.replace(/\s+/g, ' ').trim();
}

describe("the local identity provider's pages", () => {
  it('use the same design tokens as the site', () => {
    // Prepare
    const names = Object.keys(SITE_TOKENS);

    // Act
    const differing = names.filter(
      (name) => siteToken(name) !== SITE_TOKENS[name as keyof typeof SITE_TOKENS],
    );

    // Assess
    expect(differing).toEqual([]);
  });

  it('link back to the site origin the person came from, else to the configured site', () => {
    // Prepare
    const siteUrl = 'http://localhost:3000';

    // Act
    const fromLoopback = siteOriginOf(siteUrl, ['http://127.0.0.1:3000/auth/callback']);
    const fromElsewhere = siteOriginOf(siteUrl, ['https://evil.example/x', 'not a url']);
    const fromReferrer = siteOriginOf(siteUrl, [undefined, 'http://127.0.0.1:3000/about']);

    // Assess
    expect(fromLoopback).toBe('http://127.0.0.1:3000');
    expect(fromElsewhere).toBe('http://localhost:3000');
    expect(fromReferrer).toBe('http://127.0.0.1:3000');
  });

  it('render the login with the favicon, the link back and no script', () => {
    // Act
    const html = loginPage({
      action: '/idp/interaction/x/login',
      signupHref: '/idp/interaction/x/signup',
      resetPasswordHref: 'http://127.0.0.1:3000/reset-password',
      siteOrigin: 'http://127.0.0.1:3000',
    });

    // Assess
    expect(html).toContain('<link rel="icon" href="/favicon.ico"');
    expect(html).toContain('<a class="back" href="http://127.0.0.1:3000/">');
    expect(html).not.toContain('<script');
  });

  it('put a human message first on the error page and the OAuth words in the details', () => {
    // Act
    const html = errorPage({
      siteOrigin: 'http://localhost:3000',
      message: humanErrorMessage('invalid_redirect_uri'),
      details: "invalid_redirect_uri: redirect_uri did not match any of the client's <uris>",
    });

    // Assess
    expect(html).toContain(
      'role="alert">This sign-in link is incomplete or out of date, so the sign-in cannot go on.</p>',
    );
    expect(html).toContain('<summary>Technical details</summary>');
    expect(html).toContain('&lt;uris&gt;');
    expect(humanErrorMessage('server_error')).toBe(
      'Something went wrong on our side while signing you in.',
    );
  });
});
