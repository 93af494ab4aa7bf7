import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AuthResult, User } from '@hatchworks/shared/schemas/users';
import { bearer, dataLayer, registerUser, verifyHostedUser } from '../../../test/support/accounts';
import { api } from '../../../test/support/api';
import { freshClientAddress } from '../../../test/support/client-addresses';
import { signInWithIdp } from '../../../test/support/idp';
import { linkFromMail, mailbox, mailQueueSettled, waitForMail } from '../../../test/support/mail';
import { TEST_SCRYPT_N } from '../../../test/support/password-cost';

const INVALID_LINK = 'This password reset link is invalid or has expired.';

const login = (email: string, password: string, from = freshClientAddress()) =>
  api<{ data: AuthResult }>('/api/auth/login', { method: 'POST', json: { email, password }, from });

const profileStatus = async (token: string) =>
  (await api('/api/user/profile', { headers: bearer(token) })).status;

const changePassword = (token: string, json: unknown) =>
  api<{ data: AuthResult; message: string; error?: string }>('/api/user/password', {
    method: 'PUT',
    headers: bearer(token),
    json,
  });

const askReset = (email: string, from = freshClientAddress()) =>
  api<{ message: string }>('/api/auth/password-reset', { method: 'POST', json: { email }, from });

const confirmReset = (token: string, password: string) =>
  api<{ data: { user: User }; message: string; error?: string }>(
    '/api/auth/password-reset/confirm',
    { method: 'POST', json: { token, password } },
  );

/** The token of the newest reset link mailed to `email` since `after`. */
async function resetToken(email: string, after: Date): Promise<string> {
  const mail = await waitForMail(email, { subject: /reset/i, after });
  return linkFromMail(mail, '/reset-password').searchParams.get('token') ?? '';
}

describe('PUT /api/user/password', () => {
  it('changes the password: the old token answers 401, the new one works, the old password is refused', async () => {
    // Prepare
    const account = await registerUser();
    const newPassword = 'a brand new passphrase';

    // Act
    const answer = await changePassword(account.token, {
      current_password: account.password,
      new_password: newPassword,
    });

    // Assess
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Your password has been changed.');
    expect(answer.body.data.user).toMatchObject({ id: account.user.id, has_password: true });
    expect(await profileStatus(account.token)).toBe(401);
    expect(await profileStatus(answer.body.data.token)).toBe(200);
    expect((await login(account.user.email, account.password)).status).toBe(401);
    expect((await login(account.user.email, newPassword)).status).toBe(200);
  });

  it('refuses a wrong current password with 400 and changes nothing', async () => {
    const account = await registerUser();

    const answer = await changePassword(account.token, {
      current_password: 'not the password',
      new_password: 'a brand new passphrase',
    });

    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('The current password is not correct');
    expect(await profileStatus(account.token)).toBe(200);
    expect((await login(account.user.email, account.password)).status).toBe(200);
  });

  it('refuses an account that signs in only through the hosted login', async () => {
    const tokens = await signInWithIdp({
      email: `hosted-${randomUUID()}@example.test`,
      password: 'idp password 123',
      signUp: {},
    });
    await verifyHostedUser(tokens.accessToken);

    const answer = await changePassword(tokens.accessToken, {
      current_password: 'idp password 123',
      new_password: 'a brand new passphrase',
    });

    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/^This account signs in through the hosted login/);
  });
});

describe('POST /api/auth/password-reset and /confirm', () => {
  it('mails a one-time link; confirming it sets the password and revokes every earlier token', async () => {
    // Prepare
    const account = await registerUser();
    const asked = new Date();
    const newPassword = 'reset to this passphrase';

    // Act
    const answer = await askReset(account.user.email.toUpperCase());
    const token = await resetToken(account.user.email, asked);
    const confirmed = await confirmReset(token, newPassword);
    const again = await confirmReset(token, 'yet another passphrase');

    // Assess
    expect(answer.status).toBe(202);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.message).toBe(
      'Your password has been reset. You can sign in with it now.',
    );
    expect(confirmed.body.data.user.id).toBe(account.user.id);
    expect(await profileStatus(account.token)).toBe(401);
    expect((await login(account.user.email, account.password)).status).toBe(401);
    const signedIn = await login(account.user.email, newPassword);
    expect(signedIn.status).toBe(200);
    expect(await profileStatus(signedIn.body.data.token)).toBe(200);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe(INVALID_LINK);
  });

  it('says that the link is valid for one hour', async () => {
    const account = await registerUser();
    const asked = new Date();

    await askReset(account.user.email);

    const mail = await waitForMail(account.user.email, { subject: /reset/i, after: asked });
    expect(mail.text).toContain('expires in 60 minutes');
  });

  it('answers 202 for an unknown email too, as slowly, and mails nothing', async () => {
    // Prepare
    const known = await registerUser();
    const unknown = `nobody-${randomUUID()}@example.test`;

    // Act
    const started = Date.now();
    const forUnknown = await askReset(unknown);
    const unknownMs = Date.now() - started;
    const forKnown = await askReset(known.user.email);
    await mailQueueSettled();

    // Assess
    expect([forUnknown.status, forKnown.status]).toEqual([202, 202]);
    expect(forUnknown.body).toEqual(forKnown.body);
    expect(unknownMs).toBeGreaterThanOrEqual(450);
    expect((await mailbox()).filter((mail) => mail.to === unknown)).toEqual([]);
  });

  it('answers 429 with Retry-After for a fourth reset of one address within the hour', async () => {
    const email = `limited-${randomUUID()}@example.test`;

    const statuses = [];
    for (let index = 0; index < 3; index += 1) statuses.push((await askReset(email)).status);
    const limited = await askReset(email);

    expect(statuses).toEqual([202, 202, 202]);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses a token nobody issued with 400', async () => {
    const answer = await confirmReset(
      `01HZZZZZZZZZZZZZZZZZZZZZZZ.${'b'.repeat(43)}`,
      'a long password',
    );

    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(INVALID_LINK);
  });

  it('lets the owner of an address take back the account someone else registered with it', async () => {
    // Prepare: the squatter registers the owner's address; it stays unverified.
    const email = `owner-${randomUUID()}@example.test`;
    await api('/api/auth/register', {
      method: 'POST',
      json: { email, password: 'the squatters password' },
      from: freshClientAddress(),
    });
    const asked = new Date();

    // Act: the owner resets the password from the mail only they can read.
    await askReset(email);
    const confirmed = await confirmReset(await resetToken(email, asked), 'the owners password');

    // Assess
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.user).toMatchObject({ is_verified: true, egg_balance: 500 });
    expect((await login(email, 'the squatters password')).status).toBe(401);
    const owner = await login(email, 'the owners password');
    expect(owner.status).toBe(200);
    expect(owner.body.data.user.egg_balance).toBe(500);
  });

  it('takes back an address someone signed up with at the hosted login: their identity is unlinked', async () => {
    // Prepare: the squatter signs up at the hosted login with the owner's address, which the
    // provider does not vouch for, so the product account stays unverified but linked to them.
    const email = `owner-${randomUUID()}@example.test`;
    const squatter = await signInWithIdp({
      email,
      password: 'the squatters password',
      signUp: {},
      from: freshClientAddress(),
    });
    const created = await verifyHostedUser(squatter.accessToken);
    expect(created.body.data).toMatchObject({ email, is_verified: false });
    const asked = new Date();

    // Act: the owner resets the password from the mail only they can read.
    await askReset(email);
    const confirmed = await confirmReset(await resetToken(email, asked), 'the owners password');

    // Assess: the owner holds a verified account; the squatter's identity opens nothing.
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.user).toMatchObject({ id: created.body.data.id, is_verified: true });
    expect(await profileStatus(squatter.accessToken)).toBe(401);
    const again = await verifyHostedUser(squatter.accessToken);
    expect(again.status).toBe(409);
    const owner = await login(email, 'the owners password');
    expect(owner.status).toBe(200);
    expect(owner.body.data.user.id).toBe(created.body.data.id);
  });
});

describe('password storage', () => {
  it('replaces a hash weaker than the configured cost by one of that cost on the next login', async () => {
    // Prepare
    const account = await registerUser();
    const { users, credentials, passwords } = await dataLayer();
    const stored = await users.getUserById(account.user.id);
    if (!stored) throw new Error('no user');
    // The test stack hashes at TEST_SCRYPT_N (2^14); production's 2^17 is proven in the unit tests.
    const weak = await passwords.hashPassword(account.password, { N: 2 ** 12, r: 8, p: 1 });
    await credentials.setPassword(stored, weak);

    // Act
    const answer = await login(account.user.email, account.password);

    // Assess
    expect(answer.status).toBe(200);
    const after = await credentials.readPassword(stored);
    expect(after?.hash).toMatch(new RegExp(`^scrypt\\$${TEST_SCRYPT_N}\\$8\\$1\\$`));
    expect(after?.legacy).toBe(false);
    expect((await login(account.user.email, account.password)).status).toBe(200);
  });

  it('moves a hash kept on the user item (older data) into its own credential item on login', async () => {
    // Prepare: the account as it was stored before passwords had their own items.
    const account = await registerUser();
    const { users, credentials, passwords, client, keys } = await dataLayer();
    const { DeleteCommand, UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const old = await passwords.hashPassword(account.password, { N: 2 ** 12, r: 8, p: 1 });
    await client.db.send(
      new DeleteCommand({
        TableName: client.tableName,
        Key: keys.credentialKeys.password(account.user.id),
      }),
    );
    await client.db.send(
      new UpdateCommand({
        TableName: client.tableName,
        Key: keys.userKeys.item(account.user.id),
        UpdateExpression: 'SET password_hash = :hash REMOVE has_password',
        ExpressionAttributeValues: { ':hash': old },
      }),
    );

    // Act
    const answer = await login(account.user.email, account.password);

    // Assess
    expect(answer.status).toBe(200);
    expect(answer.body.data.user.has_password).toBe(true);
    const stored = await users.getUserById(account.user.id);
    expect(stored).not.toHaveProperty('password_hash');
    expect(stored?.has_password).toBe(true);
    const moved = stored ? await credentials.readPassword(stored) : undefined;
    expect(moved).toMatchObject({
      legacy: false,
      hash: expect.stringMatching(new RegExp(`^scrypt\\$${TEST_SCRYPT_N}\\$`)),
    });
  });

  it('removes the password with the account', async () => {
    const account = await registerUser();
    const { users, credentials } = await dataLayer();
    const stored = await users.getUserById(account.user.id);
    if (!stored) throw new Error('no user');

    await api('/api/user/delete-account', { method: 'DELETE', headers: bearer(account.token) });

    expect(await credentials.readPassword({ ...stored, password_hash: undefined })).toBeUndefined();
  });
});
