import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NAME_MESSAGES } from '@hatchworks/shared/schemas/user-names';
import type { User } from '@hatchworks/shared/schemas/users';
import { isStaffName } from '../../src/modules/accounts/staff-names';
import { bearer, registerAdmin, registerUser } from '../../../test/support/accounts';
import { api } from '../../../test/support/api';
import { freshClientAddress } from '../../../test/support/client-addresses';
import { signInWithIdp } from '../../../test/support/idp';

interface Refusal {
  readonly success: boolean;
  readonly error: string;
  readonly code: string;
  readonly details: { field: string; message: string }[];
}

const freshEmail = () => `names-${randomUUID()}@example.test`;

function register(fields: Record<string, unknown>) {
  return api<Refusal & { data: { user: User } }>('/api/auth/register', {
    method: 'POST',
    json: { email: freshEmail(), password: 'long enough password', ...fields },
    // Registrations are limited per client: each comes from an address of its own.
    from: freshClientAddress(),
  });
}

function putProfile(token: string, json: unknown) {
  return api<Refusal & { data: User }>('/api/user/profile', {
    method: 'PUT',
    headers: bearer(token),
    json,
  });
}

describe('names that cannot impersonate', () => {
  describe('POST /api/auth/register', () => {
    it.each(['admin', 'adm1n', 'ad_min', 'Support-1', 'hatchworks'])(
      'refuses the username %s with 400 "This username is reserved"',
      async (username) => {
        const answer = await register({ username });

        expect(answer.status).toBe(400);
        expect(answer.body.code).toBe('VALIDATION_ERROR');
        expect(answer.body.details).toContainEqual({
          field: 'username',
          message: NAME_MESSAGES.usernameReserved,
        });
      },
    );

    it('refuses a display name with a right-to-left override', async () => {
      const answer = await register({ display_name: 'Mallory\u202Eexe.gnp' });

      expect(answer.status).toBe(400);
      expect(answer.body.details).toContainEqual({
        field: 'display_name',
        message: NAME_MESSAGES.displayNameHidden,
      });
    });

    it('stores a display name NFC-normalized', async () => {
      const answer = await register({ display_name: 'Zoe\u0301 Hen' });

      expect(answer.status).toBe(201);
      expect(answer.body.data.user.display_name).toBe('Zoé Hen');
    });

    it('never derives a reserved username from the email', async () => {
      const answer = await api<{ data: { user: User } }>('/api/auth/register', {
        method: 'POST',
        json: { email: `admin@${randomUUID()}.example.test`, password: 'long enough password' },
        from: freshClientAddress(),
      });

      expect(answer.status).toBe(201);
      expect(isStaffName(answer.body.data.user.username)).toBe(false);
    });
  });

  describe('PUT /api/user/profile', () => {
    it('refuses a reserved username with 400 "This username is reserved" and changes nothing', async () => {
      // Prepare
      const account = await registerUser();
      // Act
      const answer = await putProfile(account.token, {
        display_name: 'Site Support',
        username: 'Support-1',
      });
      // Assess
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        success: false,
        code: 'VALIDATION_ERROR',
        error: NAME_MESSAGES.usernameReserved,
      });
      const profile = await api<{ data: User }>('/api/user/profile', {
        headers: bearer(account.token),
      });
      expect(profile.body.data.username).toBe(account.user.username);
      expect(profile.body.data.display_name).toBe(account.user.display_name);
    });

    it('refuses a staff display name to a user with 400 naming the field, and lets an admin take it', async () => {
      // Prepare
      const [user, admin] = await Promise.all([registerUser(), registerAdmin()]);
      // Act
      const refused = await putProfile(user.token, {
        display_name: 'Hatchworks Team',
        username: user.user.username,
      });
      const taken = await putProfile(admin.token, {
        display_name: 'Hatchworks Team',
        username: admin.user.username,
      });
      // Assess
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        error: NAME_MESSAGES.displayNameReserved,
        details: [{ field: 'display_name', message: NAME_MESSAGES.displayNameReserved }],
      });
      expect(taken.status).toBe(200);
      expect(taken.body.data.display_name).toBe('Hatchworks Team');
    });

    it.each([
      ['a right-to-left override', 'Hen\u202Eni'],
      ['a first-strong isolate', '\u2068Hen\u2069'],
      ['a zero-width space', 'Ad\u200Bmin'],
      ['a newline', 'Hen\nAdmin'],
    ])('refuses a display name with %s', async (_, displayName) => {
      const account = await registerUser();

      const answer = await putProfile(account.token, {
        display_name: displayName,
        username: account.user.username,
      });

      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe(NAME_MESSAGES.displayNameHidden);
    });

    it('stores the display name NFC-normalized', async () => {
      const account = await registerUser();

      const answer = await putProfile(account.token, {
        display_name: 'Zoe\u0301',
        username: account.user.username,
      });

      expect(answer.status).toBe(200);
      expect(answer.body.data.display_name).toBe('Zoé');
    });
  });

  describe('POST /api/auth0/verify-user', () => {
    it('gives a hosted-login person called "admin" another username', async () => {
      // Prepare: the username of a sign-up without one comes from the email's local part, 'admin'.
      const email = `admin@${randomUUID()}.example.test`;
      const tokens = await signInWithIdp({
        email,
        password: 'idp password 123',
        signUp: { name: 'Mallory' },
      });
      // Act
      const answer = await api<{ data: User }>('/api/auth0/verify-user', {
        method: 'POST',
        headers: bearer(tokens.accessToken),
        json: { auth0_id: tokens.subject, email },
        from: freshClientAddress(),
      });
      // Assess
      expect(answer.status).toBe(200);
      expect(isStaffName(answer.body.data.username)).toBe(false);
      expect(answer.body.data.display_name).toBe('Mallory');
    });
  });
});
