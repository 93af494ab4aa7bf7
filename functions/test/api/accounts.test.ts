import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AuthResult, User } from '@hatchworks/shared/schemas/users';
import { api } from '../../../test/support/api';
import { bearer, registerAdmin, registerUser } from '../../../test/support/accounts';

const freshEmail = () => `new-${randomUUID()}@example.test`;

describe('POST /api/auth/register', () => {
  it('creates a user with the 500 welcome eggs and answers {user, token}', async () => {
    const email = freshEmail();

    const answer = await api<{ data: AuthResult }>('/api/auth/register', {
      method: 'POST',
      json: {
        email,
        password: 'long enough password',
        username: `reg_${randomUUID().slice(0, 8)}`,
        display_name: 'Reg User',
      },
    });

    expect(answer.status).toBe(201);
    const { user, token } = answer.body.data;
    expect(user).toMatchObject({
      email,
      display_name: 'Reg User',
      role: 'user',
      is_verified: false,
      egg_balance: 500,
      can_claim_daily: true,
      stats: { features_created: 0, votes_cast: 0 },
    });
    expect(Date.parse(user.member_since)).not.toBeNaN();
    expect(token.split('.')).toHaveLength(3);
    const profile = await api<{ data: User }>('/api/user/profile', { headers: bearer(token) });
    expect(profile.body.data.id).toBe(user.id);
  });

  it('derives username and display name from the email when they are not given', async () => {
    const email = `Jane.Doe+${randomUUID().slice(0, 6)}@Example.test`;

    const answer = await api<{ data: AuthResult }>('/api/auth/register', {
      method: 'POST',
      json: { email, password: 'long enough password' },
    });

    expect(answer.status).toBe(201);
    expect(answer.body.data.user.email).toBe(email.toLowerCase());
    expect(answer.body.data.user.display_name).toBe(email.toLowerCase());
    expect(answer.body.data.user.username).toMatch(/^jane\.doe/);
  });

  it('refuses an email that already has an account with 409, case-insensitively', async () => {
    const existing = await registerUser();

    const answer = await api('/api/auth/register', {
      method: 'POST',
      json: { email: existing.user.email.toUpperCase(), password: 'another long password' },
    });

    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      success: false,
      code: 'CONFLICT',
      error: 'An account with this email already exists',
    });
  });

  it('refuses a chosen username that is taken, whatever its case', async () => {
    const existing = await registerUser();

    const answer = await api('/api/auth/register', {
      method: 'POST',
      json: {
        email: freshEmail(),
        password: 'another long password',
        username: existing.user.username.toUpperCase(),
      },
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
    });

    expect(answer.status).toBe(400);
    expect(answer.body.details.map((detail) => detail.field)).toContain(field);
  });
});

describe('POST /api/auth/login', () => {
  it('answers {user, token} for the right password', async () => {
    const account = await registerUser();

    const answer = await api<{ data: AuthResult }>('/api/auth/login', {
      method: 'POST',
      json: { email: account.user.email, password: account.password },
    });

    expect(answer.status).toBe(200);
    expect(answer.body.data.user.id).toBe(account.user.id);
    expect(
      (await api('/api/user/profile', { headers: bearer(answer.body.data.token) })).status,
    ).toBe(200);
  });

  it('answers a wrong password and an unknown email alike with 401', async () => {
    const account = await registerUser();

    const wrong = await api('/api/auth/login', {
      method: 'POST',
      json: { email: account.user.email, password: 'wrong password!' },
    });
    const unknown = await api('/api/auth/login', {
      method: 'POST',
      json: { email: freshEmail(), password: 'wrong password!' },
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

  it('limits failed attempts per account with 429 and Retry-After, even for the right password', async () => {
    const account = await registerUser();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await api('/api/auth/login', {
        method: 'POST',
        json: { email: account.user.email, password: 'wrong password!' },
      });
      expect(answer.status).toBe(401);
    }

    const limited = await api('/api/auth/login', {
      method: 'POST',
      json: { email: account.user.email, password: account.password },
    });

    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('GET and PUT /api/user/profile', () => {
  it('changes display name and username and frees the old username', async () => {
    const account = await registerUser();
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
    });
    expect(reuse.status).toBe(201);
  });

  it("refuses another user's username with 409 and changes nothing", async () => {
    const [first, second] = [await registerUser(), await registerUser()];

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
    const account = await registerUser();

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
    const account = await registerUser();

    const answer = await api('/api/user/delete-account', {
      method: 'DELETE',
      headers: bearer(account.token),
    });

    expect(answer.status).toBe(200);
    expect((await api('/api/user/profile', { headers: bearer(account.token) })).status).toBe(401);
    const login = await api('/api/auth/login', {
      method: 'POST',
      json: { email: account.user.email, password: account.password },
    });
    expect(login.status).toBe(401);
    const again = await api('/api/auth/register', {
      method: 'POST',
      json: {
        email: account.user.email,
        password: 'long enough password',
        username: account.user.username,
      },
    });
    expect(again.status).toBe(201);
  });
});

describe('GET /api/admin/users and /api/admin/stats', () => {
  it('lists users page by page and counts users and projects', async () => {
    const admin = await registerAdmin();
    await registerUser();

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
