import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AuthResult, User } from '@hatchworks/shared/schemas/users';
import { api } from '../../../test/support/api';
import { freshClientAddress } from '../../../test/support/client-addresses';
import { bearer, registerAdmin, signUpOverHttp, verifyEmail } from '../../../test/support/accounts';
import { linkFromMail, waitForMail } from '../../../test/support/mail';
import { testStack } from '../../../test/support/stack';

const freshEmail = () => `new-${randomUUID()}@example.test`;

describe('POST /api/auth/register', () => {
  it('creates an unverified user with no eggs and no token, and mails the verification link', async () => {
    // Prepare
    const email = freshEmail();
    const sent = new Date();

    // Act
    const answer = await api<{ data: Record<string, unknown> & { user: User }; message: string }>(
      '/api/auth/register',
      {
        method: 'POST',
        json: {
          email,
          password: 'long enough password',
          username: `reg_${randomUUID().slice(0, 8)}`,
          display_name: 'Reg User',
        },
        from: freshClientAddress(),
      },
    );

    // Assess
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe('Check your email to verify your address.');
    expect(answer.body.data).not.toHaveProperty('token');
    const { user } = answer.body.data;
    expect(user).toMatchObject({
      email,
      display_name: 'Reg User',
      role: 'user',
      is_verified: false,
      has_password: true,
      egg_balance: 0,
      can_claim_daily: false,
      stats: { features_created: 0, votes_cast: 0 },
    });
    expect(Date.parse(user.member_since)).not.toBeNaN();
    const mail = await waitForMail(email, { after: sent });
    expect(mail.subject).toMatch(/verify/i);
    const link = linkFromMail(mail, '/verify-email');
    expect(link.origin).toBe(testStack().baseUrl);
    expect(link.searchParams.get('token')).toMatch(new RegExp(`^${user.id}\\.[\\w-]{43}$`));
  });

  it('derives the username from the email and shows it as the display name, never the email', async () => {
    const email = `Jane.Doe+${randomUUID().slice(0, 6)}@Example.test`;

    const answer = await api<{ data: { user: User } }>('/api/auth/register', {
      method: 'POST',
      json: { email, password: 'long enough password' },
      from: freshClientAddress(),
    });

    expect(answer.status).toBe(201);
    expect(answer.body.data.user.email).toBe(email.toLowerCase());
    expect(answer.body.data.user.username).toMatch(/^jane\.doe/);
    expect(answer.body.data.user.display_name).toBe(answer.body.data.user.username);
    expect(answer.body.data.user.display_name).not.toContain('@');
  });

  it('refuses an email that already has an account with 409, case-insensitively', async () => {
    const existing = await signUpOverHttp();

    const answer = await api('/api/auth/register', {
      method: 'POST',
      json: { email: existing.user.email.toUpperCase(), password: 'another long password' },
      from: freshClientAddress(),
    });

    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      success: false,
      code: 'CONFLICT',
      error: 'An account with this email already exists',
    });
  });

  it('refuses a chosen username that is taken, whatever its case', async () => {
    const existing = await signUpOverHttp();

    const answer = await api('/api/auth/register', {
      method: 'POST',
      json: {
        email: freshEmail(),
        password: 'another long password',
        username: existing.user.username.toUpperCase(),
      },
      from: freshClientAddress(),
    });

    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ error: 'Username is already taken' });
  });

  it.each([
    [{ password: 'long enough password' }, 'email'],
    [{ email: 'not-an-email', password: 'long enough password' }, 'email'],
    [{ email: 'a@example.test', password: 'short' }, 'password'],
    [
      { email: 'a@example.test', password: 'long enough password', username: 'no spaces allowed' },
      'username',
    ],
  ])('rejects %j with a validation error on %s', async (body, field) => {
    const answer = await api<{ details: { field: string }[] }>('/api/auth/register', {
      method: 'POST',
      json: body,
      from: freshClientAddress(),
    });

    expect(answer.status).toBe(400);
    expect(answer.body.details.map((detail) => detail.field)).toContain(field);
  });

  it('answers 429 with Retry-After once one client made 5 accounts within the hour', async () => {
    // Prepare
    const client = freshClientAddress();

    // Act
    const answers = [];
    for (let index = 0; index < 12; index += 1) {
      answers.push(
        await api<{ error?: string; code?: string }>('/api/auth/register', {
          method: 'POST',
          json: { email: freshEmail(), password: 'long enough password' },
          from: client,
        }),
      );
    }

    // Assess
    expect(answers.map((answer) => answer.status)).toEqual([
      ...Array<number>(5).fill(201),
      ...Array<number>(7).fill(429),
    ]);
    const limited = answers[11];
    expect(limited?.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(limited?.body.error).toMatch(
      /^Too many registrations from this network\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited?.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    const fromElsewhere = await api('/api/auth/register', {
      method: 'POST',
      json: { email: freshEmail(), password: 'long enough password' },
      from: freshClientAddress(),
    });
    expect(fromElsewhere.status).toBe(201);
  });

  it('answers 429 for a fourth registration of one email within the hour, from any client', async () => {
    // Prepare
    const email = freshEmail();
    const register = () =>
      api('/api/auth/register', {
        method: 'POST',
        json: { email, password: 'long enough password' },
        from: freshClientAddress(),
      });

    // Act
    const statuses = [];
    for (let index = 0; index < 4; index += 1) statuses.push((await register()).status);

    // Assess
    expect(statuses).toEqual([201, 409, 409, 429]);
  });
});

describe('POST /api/auth/login', () => {
  it('answers {user, token} for the right password', async () => {
    const account = await signUpOverHttp();

    const answer = await api<{ data: AuthResult }>('/api/auth/login', {
      method: 'POST',
      json: { email: account.user.email, password: account.password },
      from: freshClientAddress(),
    });

    expect(answer.status).toBe(200);
    expect(answer.body.data.user.id).toBe(account.user.id);
    expect(answer.body.data.user).toMatchObject({ is_verified: true, has_password: true });
    expect(
      (await api('/api/user/profile', { headers: bearer(answer.body.data.token) })).status,
    ).toBe(200);
  });

  it('answers a wrong password and an unknown email alike with 401', async () => {
    const account = await signUpOverHttp();
    const client = freshClientAddress();

    const wrong = await api('/api/auth/login', {
      method: 'POST',
      json: { email: account.user.email, password: 'wrong password!' },
      from: client,
    });
    const unknown = await api('/api/auth/login', {
      method: 'POST',
      json: { email: freshEmail(), password: 'wrong password!' },
      from: client,
    });

    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({
      success: false,
      error: 'Invalid email or password',
      code: 'AUTH_ERROR',
    });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses the right password of an unverified account with 403 until the email is proven', async () => {
    // Prepare
    const email = freshEmail();
    const client = freshClientAddress();
    await api('/api/auth/register', {
      method: 'POST',
      json: { email, password: 'long enough password' },
      from: client,
    });
    const login = () =>
      api<{ data: AuthResult }>('/api/auth/login', {
        method: 'POST',
        json: { email, password: 'long enough password' },
        from: client,
      });

    // Act
    const before = await login();
    await verifyEmail(email);
    const after = await login();

    // Assess
    expect(before.status).toBe(403);
    expect(before.body).toEqual({
      success: false,
      error: 'Please verify your email address first. We sent you a link.',
      code: 'FORBIDDEN',
    });
    expect(after.status).toBe(200);
    expect(after.body.data.user.egg_balance).toBe(500);
  });

  it('limits failed attempts per account and client with 429 and Retry-After, even for the right password', async () => {
    const account = await signUpOverHttp();
    const client = freshClientAddress();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await api('/api/auth/login', {
        method: 'POST',
        json: { email: account.user.email, password: 'wrong password!' },
        from: client,
      });
      expect(answer.status).toBe(401);
    }

    const limited = await api('/api/auth/login', {
      method: 'POST',
      json: { email: account.user.email, password: account.password },
      from: client,
    });

    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('lets 40 parallel wrong passwords from one client through at most 5 times, while the owner signs in from another', async () => {
    // Prepare
    const account = await signUpOverHttp();
    const attacker = freshClientAddress();

    // Act
    const attempts = await Promise.all(
      Array.from({ length: 40 }, () =>
        api('/api/auth/login', {
          method: 'POST',
          json: { email: account.user.email, password: 'a wrong guess!' },
          from: attacker,
        }),
      ),
    );
    const owner = await api<{ data: AuthResult }>('/api/auth/login', {
      method: 'POST',
      json: { email: account.user.email, password: account.password },
      from: '127.0.0.2',
    });

    // Assess
    const statuses = attempts.map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 429).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status !== 429 && status !== 401)).toEqual([]);
    expect(owner.status).toBe(200);
    expect(owner.body.data.user.id).toBe(account.user.id);
  });

  it('gives a successful login its slot back, so signing in often never locks anyone out', async () => {
    // Prepare
    const account = await signUpOverHttp();
    const client = freshClientAddress();
    const login = (password: string) =>
      api('/api/auth/login', {
        method: 'POST',
        json: { email: account.user.email, password },
        from: client,
      });

    // Act
    const statuses = [];
    for (let index = 0; index < 4; index += 1)
      statuses.push((await login('wrong password!')).status);
    for (let index = 0; index < 8; index += 1)
      statuses.push((await login(account.password)).status);

    // Assess
    expect(statuses).toEqual([...Array<number>(4).fill(401), ...Array<number>(8).fill(200)]);
  });
});

describe('GET and PUT /api/user/profile', () => {
  it('changes display name and username and frees the old username', async () => {
    const account = await signUpOverHttp();
    const username = `new_${randomUUID().slice(0, 8)}`;

    const answer = await api<{ data: User }>('/api/user/profile', {
      method: 'PUT',
      headers: bearer(account.token),
      json: { display_name: 'New Name', username },
    });

    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      display_name: 'New Name',
      username,
      email: account.user.email,
    });
    const reuse = await api('/api/auth/register', {
      method: 'POST',
      json: {
        email: freshEmail(),
        password: 'long enough password',
        username: account.user.username,
      },
      from: freshClientAddress(),
    });
    expect(reuse.status).toBe(201);
  });

  it("refuses another user's username with 409 and changes nothing", async () => {
    const [first, second] = [await signUpOverHttp(), await signUpOverHttp()];

    const answer = await api('/api/user/profile', {
      method: 'PUT',
      headers: bearer(first.token),
      json: { display_name: 'Taken', username: second.user.username },
    });

    expect(answer.status).toBe(409);
    const profile = await api<{ data: User }>('/api/user/profile', {
      headers: bearer(first.token),
    });
    expect(profile.body.data.username).toBe(first.user.username);
    expect(profile.body.data.display_name).toBe(first.user.display_name);
  });

  it('ignores an email in the body: email cannot be changed', async () => {
    const account = await signUpOverHttp();

    await api('/api/user/profile', {
      method: 'PUT',
      headers: bearer(account.token),
      json: { display_name: 'Same', username: account.user.username, email: 'evil@example.test' },
    });

    const profile = await api<{ data: User }>('/api/user/profile', {
      headers: bearer(account.token),
    });
    expect(profile.body.data.email).toBe(account.user.email);
  });
});

describe('DELETE /api/user/delete-account', () => {
  it('removes the account and frees its email and username', async () => {
    const account = await signUpOverHttp();

    const answer = await api('/api/user/delete-account', {
      method: 'DELETE',
      headers: bearer(account.token),
    });

    expect(answer.status).toBe(200);
    expect((await api('/api/user/profile', { headers: bearer(account.token) })).status).toBe(401);
    const login = await api('/api/auth/login', {
      method: 'POST',
      json: { email: account.user.email, password: account.password },
      from: freshClientAddress(),
    });
    expect(login.status).toBe(401);
    const again = await api('/api/auth/register', {
      method: 'POST',
      json: {
        email: account.user.email,
        password: 'long enough password',
        username: account.user.username,
      },
      from: freshClientAddress(),
    });
    expect(again.status).toBe(201);
  });
});

describe('GET /api/admin/users and /api/admin/stats', () => {
  it('lists users page by page and counts users and projects', async () => {
    const admin = await registerAdmin();
    await signUpOverHttp();

    const first = await api<{ data: { users: User[] }; next_cursor: string | null }>(
      '/api/admin/users?limit=2',
      {
        headers: bearer(admin.token),
      },
    );
    const stats = await api<{ data: { users: { total: number }; projects: { total: number } } }>(
      '/api/admin/stats',
      {
        headers: bearer(admin.token),
      },
    );

    expect(first.status).toBe(200);
    expect(first.body.data.users).toHaveLength(2);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    expect(first.body.data.users[0]).not.toHaveProperty('password_hash');
    expect(stats.body.data.users.total).toBeGreaterThanOrEqual(3);
    expect(stats.body.data.projects.total).toBeGreaterThanOrEqual(8);
  });
});
