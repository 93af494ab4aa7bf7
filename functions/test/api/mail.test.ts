import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  linkFromMail,
  mailbox,
  stackMailEnvironment,
  waitForMail,
  type Mail,
} from '../../../test/support/mail';
import { testStack } from '../../../test/support/stack';
import { configureFunctions } from '../../../test/support/stack-table';

/**
 * This test process's `sendMail`, configured like the stack's handlers: real SMTP to the test
 * stack's mail sink. Imported after the environment is set, since env() reads it once.
 */
async function mailModule() {
  return import('../../src/modules/mail/mail');
}

const address = () => `mail-${randomUUID()}@example.test`;

beforeAll(() => {
  configureFunctions(stackMailEnvironment());
});

describe('sendMail through the local SMTP sink', () => {
  it('delivers a templated mail that GET /_mail/messages.json shows with its parts and link', async () => {
    // Prepare
    const { sendMail, siteLink } = await mailModule();
    const { verificationMail } = await import('../../src/modules/mail/mail-templates');
    const to = address();
    const link = siteLink('/verify-email', { token: 'tok_123-abc' });
    const before = new Date();
    // Act
    await sendMail({ to, ...verificationMail({ name: 'Ada', link }) });
    const mail = await waitForMail(to, { subject: /Verify your email/, after: before });
    // Assess
    expect(Object.keys(mail).sort()).toEqual([
      'date',
      'html',
      'list_unsubscribe',
      'list_unsubscribe_post',
      'subject',
      'text',
      'to',
    ]);
    expect(mail.list_unsubscribe).toBeNull();
    expect(mail.to).toBe(to);
    expect(mail.subject).toBe('Verify your email address for Hatchworks');
    expect(mail.text).toContain('Hello Ada,');
    expect(mail.text).toContain(`${testStack().baseUrl}/verify-email?token=tok_123-abc`);
    expect(mail.html).toContain(`href="${testStack().baseUrl}/verify-email?token=tok_123-abc"`);
    expect(new Date(mail.date).getTime()).toBeGreaterThanOrEqual(before.getTime());
    const url = linkFromMail(mail, '/verify-email');
    expect(url.origin).toBe(testStack().baseUrl);
    expect(url.searchParams.get('token')).toBe('tok_123-abc');
  });

  it('keeps a text-only mail with html null', async () => {
    // Prepare
    const { sendMail } = await mailModule();
    const to = address();
    // Act
    await sendMail({ to, subject: 'Plain', text: 'Just text.' });
    // Assess
    const mail = await waitForMail(to);
    expect(mail).toMatchObject({ subject: 'Plain', text: 'Just text.', html: null });
  });

  it('lists the mails newest first', async () => {
    // Prepare
    const { sendMail } = await mailModule();
    const to = address();
    // Act
    await sendMail({ to, subject: 'First', text: 'one' });
    await sendMail({ to, subject: 'Second', text: 'two' });
    await waitForMail(to, { subject: /Second/ });
    // Assess
    const all = await mailbox();
    expect(all.filter((mail) => mail.to === to).map((mail) => mail.subject)).toEqual([
      'Second',
      'First',
    ]);
    const times = all.map((mail) => new Date(mail.date).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('refuses a subject with a line break before anything is sent', async () => {
    // Prepare
    const { sendMail } = await mailModule();
    const to = address();
    // Act
    const sending = sendMail({ to, subject: 'Hi\r\nBcc: victim@example.test', text: 'x' });
    // Assess
    await expect(sending).rejects.toThrow('single line');
    expect((await mailbox()).some((mail: Mail) => mail.to === to)).toBe(false);
  });
});

describe('GET /_mail/messages.json', () => {
  it('answers a JSON array, never cached', async () => {
    // Act
    const response = await fetch(`${testStack().baseUrl}/_mail/messages.json`);
    // Assess
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(Array.isArray(await response.json())).toBe(true);
  });
});

describe('GET /_mail', () => {
  it('shows each mail readable and escaped, with its links clickable', async () => {
    // Prepare
    const { sendMail } = await mailModule();
    const to = address();
    const link = `${testStack().baseUrl}/reset-password?token=abc&next=%2F`;
    await sendMail({
      to,
      subject: '<script>alert("subject")</script>',
      text: `Hello <b>you</b>,\n\nReset here:\n${link}.\n\nBye.`,
    });
    const mail = await waitForMail(to);
    // Act
    const response = await fetch(`${testStack().baseUrl}/_mail`);
    const page = await response.text();
    // Assess
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page).toContain(to);
    expect(page).toContain(mail.date);
    expect(page).toContain('&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt;');
    expect(page).toContain('Hello &lt;b&gt;you&lt;/b&gt;,');
    expect(page).not.toMatch(/<script/i);
    expect(page).not.toContain('<b>you</b>');
    const escapedLink = `${testStack().baseUrl}/reset-password?token=abc&amp;next=%2F`;
    expect(page).toContain(`<a href="${escapedLink}" rel="noopener noreferrer">${escapedLink}</a>`);
  });

  it("carries the site's security headers and a CSP that allows no script at all", async () => {
    // Act
    const response = await fetch(`${testStack().baseUrl}/_mail`);
    // Assess
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src|unsafe-inline/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 405 to a POST and 404 below it', async () => {
    // Act
    const post = await fetch(`${testStack().baseUrl}/_mail`, { method: 'POST' });
    const below = await fetch(`${testStack().baseUrl}/_mail/nothing-here`);
    // Assess
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect(below.status).toBe(404);
  });

  it('leaves neighbouring SPA paths and /api alone', async () => {
    // Act
    const spa = await fetch(`${testStack().baseUrl}/_mailbox`);
    const api = await fetch(`${testStack().baseUrl}/api/_mail`);
    // Assess: the SPA's index.html, and the API's JSON 404
    expect(spa.status).toBe(200);
    expect(await spa.text()).toContain('<div id="root">');
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});
