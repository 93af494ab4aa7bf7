import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const KEYS = ['MAIL_TRANSPORT', 'SMTP_HOST', 'SMTP_PORT', 'MAIL_FROM', 'SITE_URL'] as const;
let saved: Record<string, string | undefined>;

/** A fresh module graph per test: env() reads the environment once per process. */
const freshMail = async () => {
  vi.resetModules();
  return import('../../src/modules/mail/mail');
};

beforeEach(() => {
  saved = Object.fromEntries(KEYS.map((key) => [key, process.env[key]]));
  for (const key of KEYS) delete process.env[key];
});

afterEach(() => {
  for (const key of KEYS) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

describe('the mail configuration', () => {
  it('says that mail is not configured when MAIL_TRANSPORT is unset', async () => {
    // Prepare
    const { sendMail } = await freshMail();
    // Act
    const sending = sendMail({ to: 'a@example.test', subject: 'S', text: 'T' });
    // Assess
    await expect(sending).rejects.toThrow('Mail is not configured: MAIL_TRANSPORT is unset');
  });

  it('lists every missing SMTP setting at once', async () => {
    // Prepare
    process.env.MAIL_TRANSPORT = 'smtp';
    const { sendMail } = await freshMail();
    // Act
    const sending = sendMail({ to: 'a@example.test', subject: 'S', text: 'T' });
    // Assess
    await expect(sending).rejects.toThrow(
      /MAIL_FROM: required with MAIL_TRANSPORT.*SMTP_HOST: required.*SMTP_PORT: required/,
    );
  });

  it('refuses an unknown transport and a sender without an address', async () => {
    // Prepare
    process.env.MAIL_TRANSPORT = 'carrier-pigeon';
    process.env.MAIL_FROM = 'Hatchworks';
    const { sendMail } = await freshMail();
    // Act
    const sending = sendMail({ to: 'a@example.test', subject: 'S', text: 'T' });
    // Assess
    await expect(sending).rejects.toThrow(/MAIL_TRANSPORT: .*MAIL_FROM: must be an email address/);
  });

  it('refuses a recipient with a line break', async () => {
    // Prepare
    const { sendMail } = await freshMail();
    // Act
    const sending = sendMail({
      to: 'a@example.test\nBcc: b@example.test',
      subject: 'S',
      text: 'T',
    });
    // Assess
    await expect(sending).rejects.toThrow('single line');
  });
});

describe('siteLink', () => {
  it('builds an absolute link on SITE_URL with encoded query values', async () => {
    // Prepare
    process.env.SITE_URL = 'https://hatchworks.example';
    const { siteLink } = await freshMail();
    // Act
    const link = siteLink('/reset-password', { token: 'a b&c' });
    // Assess
    expect(link).toBe('https://hatchworks.example/reset-password?token=a+b%26c');
  });

  it('fails clearly without SITE_URL', async () => {
    // Prepare
    const { siteLink } = await freshMail();
    // Act, Assess
    expect(() => siteLink('/verify-email')).toThrow('SITE_URL is required');
  });
});
