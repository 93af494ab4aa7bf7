import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AuthResult, User, VerifyEmailResult } from '@hatchworks/shared/schemas/users';
import {
  bearer,
  dataLayer,
  signUpOverHttp,
  verificationToken,
} from '../../../test/support/accounts';
import { api } from '../../../test/support/api';
import { freshClientAddress } from '../../../test/support/client-addresses';
import { ledgerOf } from '../../../test/support/eggs';
import { linkFromMail, mailbox, mailQueueSettled, waitForMail } from '../../../test/support/mail';
import { signUpAtHostedPage } from '../../../test/support/idp';
import { testStack } from '../../../test/support/stack';

const password = 'long enough password';
const freshEmail = () => `verify-${randomUUID()}@example.test`;
const INVALID = 'This verification link is invalid or has expired.';

async function register(email: string) {
  const answer = await api<{ data: { user: User } }>('/api/auth/register', {
    method: 'POST',
    json: { email, password },
    from: freshClientAddress(),
  });
  if (answer.status !== 201) throw new Error(`register: ${answer.status}`);
  return answer.body.data.user;
}

const verify = (token: string) =>
  api<{ data: VerifyEmailResult; message: string; error?: string }>('/api/auth/verify-email', {
    method: 'POST',
    json: { token },
  });

async function login(email: string) {
  const answer = await api<{ data: AuthResult }>('/api/auth/login', {
    method: 'POST',
    json: { email, password },
    from: freshClientAddress(),
  });
  if (answer.status !== 200) throw new Error(`login: ${answer.status}`);
  return answer.body.data;
}

const resend = (json: unknown, headers: Record<string, string> = {}, from = freshClientAddress()) =>
  api<{ data: null; message: string }>('/api/auth/resend-verification', {
    method: 'POST',
    headers,
    json,
    from,
  });

describe('POST /api/auth/verify-email', () => {
  it('credits exactly 500 eggs as one welcome entry when the mailed link is opened', async () => {
    // Prepare
    const email = freshEmail();
    await register(email);

    // Act
    const answer = await verify(await verificationToken(email));

    // Assess
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Your email address is verified.');
    expect(answer.body.data.welcome_eggs).toBe(500);
    expect(answer.body.data.user).toMatchObject({
      email,
      is_verified: true,
      egg_balance: 500,
      can_claim_daily: true,
    });
    const ledger = await ledgerOf((await login(email)).token);
    expect(ledger).toMatchObject([{ kind: 'welcome', amount: 500, balance_after: 500 }]);
    expect(ledger).toHaveLength(1);
  });

  it('credits nothing more on a second click, or on many at once', async () => {
    // Prepare
    const email = freshEmail();
    await register(email);
    const token = await verificationToken(email);

    // Act
    const clicks = await Promise.all(Array.from({ length: 5 }, () => verify(token)));
    const later = await verify(token);

    // Assess
    expect(clicks.map((click) => click.status)).toEqual([200, 200, 200, 200, 200]);
    expect(clicks.map((click) => click.body.data.welcome_eggs).sort()).toEqual([0, 0, 0, 0, 500]);
    expect(later.status).toBe(200);
    expect(later.body.data).toMatchObject({ welcome_eggs: 0, user: { egg_balance: 500 } });
    const ledger = await ledgerOf((await login(email)).token);
    expect(ledger.map((entry) => entry.kind)).toEqual(['welcome']);
  });

  it.each([
    ['a token of another shape', 'not-a-token'],
    ['a well-formed token nobody issued', `01HZZZZZZZZZZZZZZZZZZZZZZZ.${'a'.repeat(43)}`],
  ])('refuses %s with 400 "%s"', async (_, token) => {
    const answer = await verify(token);

    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', error: INVALID });
  });

  it('refuses a link whose secret was changed, and an expired link', async () => {
    // Prepare
    const email = freshEmail();
    const user = await register(email);
    const token = await verificationToken(email);
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const { credentials, tokens } = await dataLayer();
    const expired = tokens.issueSecret();
    await credentials.storeOneTimeToken(user.id, 'verify-email', {
      hash: expired.hash,
      email,
      ttlSeconds: -1,
    });

    // Act
    const answers = [
      await verify(tampered),
      await verify(tokens.oneTimeToken(user.id, expired.secret)),
    ];

    // Assess
    expect(answers.map((answer) => [answer.status, answer.body.error])).toEqual([
      [400, INVALID],
      [400, INVALID],
    ]);
  });
});

describe('POST /api/auth/resend-verification', () => {
  it('mails a new link that works, and the earlier link no longer does', async () => {
    // Prepare
    const email = freshEmail();
    await register(email);
    const first = await verificationToken(email);
    const asked = new Date();

    // Act
    const answer = await resend({ email });
    const second = await verificationToken(email, asked);

    // Assess
    expect(answer.status).toBe(202);
    expect(second).not.toBe(first);
    expect((await verify(first)).status).toBe(400);
    expect((await verify(second)).body.data.welcome_eggs).toBe(500);
  });

  it('answers 202 alike for an unknown address and a verified account, and mails neither', async () => {
    // Prepare
    const unknown = freshEmail();
    const verified = await signUpOverHttp();

    // Act
    const answers = [
      await resend({ email: unknown }),
      await resend({ email: verified.user.email }),
      await resend(undefined, bearer(verified.token)),
    ];
    await mailQueueSettled();

    // Assess
    expect(answers.map((answer) => [answer.status, answer.body.message])).toEqual(
      Array(3).fill([202, 'If an account needs it, we sent an email to that address.']),
    );
    const mails = await mailbox();
    expect(mails.filter((mail) => mail.to === unknown)).toEqual([]);
    expect(mails.filter((mail) => mail.to === verified.user.email)).toHaveLength(1);
  });

  it('answers 429 with Retry-After for a fourth mail to one address within the hour', async () => {
    const email = freshEmail();
    await register(email);

    const statuses = [];
    for (let index = 0; index < 3; index += 1) statuses.push((await resend({ email })).status);
    const limited = await resend({ email });

    expect(statuses).toEqual([202, 202, 202]);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('the links in account mails', () => {
  /** The stack's origin on the other loopback name (localhost ⇄ 127.0.0.1), same port. */
  const twinOrigin = () => {
    const url = new URL(testStack().baseUrl);
    url.hostname = url.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
    return url.origin;
  };

  it('point to the served origin the request came from, and never to one a caller made up', async () => {
    // Prepare
    const onTwin = freshEmail();
    const forged = freshEmail();
    const since = new Date();

    // Act: a sign-up from the other loopback name; one whose Origin and Host an attacker set
    const fromTwin = await api('/api/auth/register', {
      method: 'POST',
      json: { email: onTwin, password },
      from: freshClientAddress(),
      headers: { origin: twinOrigin() },
    });
    const fromAttacker = await api('/api/auth/register', {
      method: 'POST',
      json: { email: forged, password },
      from: freshClientAddress(),
      headers: { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' },
    });

    // Assess
    expect([fromTwin.status, fromAttacker.status]).toEqual([201, 201]);
    const twinLink = linkFromMail(
      await waitForMail(onTwin, { subject: /Verify/, after: since }),
      '/verify-email',
    );
    const forgedMail = await waitForMail(forged, { subject: /Verify/, after: since });
    expect(twinLink.origin).toBe(twinOrigin());
    expect(linkFromMail(forgedMail, '/verify-email').origin).toBe(testStack().baseUrl);
    expect(forgedMail.text).not.toContain('evil.example');
    expect(forgedMail.html).not.toContain('evil.example');
  });

  it('point a sign-up at the hosted page back to the site origin it started from', async () => {
    // Prepare
    const email = freshEmail();
    const since = new Date();

    // Act
    const page = await signUpAtHostedPage({ email, password, siteUrl: twinOrigin() });

    // Assess
    expect(page.status).toBe(200);
    const mail = await waitForMail(email, { subject: /Verify/, after: since });
    expect(linkFromMail(mail, '/verify-email').origin).toBe(twinOrigin());
  });
});
