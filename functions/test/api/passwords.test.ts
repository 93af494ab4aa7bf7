import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AuthResult, User } from '@hatchworks/shared/schemas/users';
import { bearer, dataLayer, registerUser, verifyHostedUser } from '../../../test/support/accounts';
import { api } from '../../../test/support/api';
import { freshClientAddress } from '../../../test/support/client-addresses';
import {
  nextSecond,
  refreshHostedTokens,
  resumeHostedSession,
  signInWithIdp,
} from '../../../test/support/idp';
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

  it('refuses an account whose password another provider holds', async () => {
    // Prepare: an account of a hosted identity that came with no password of the product's
    // (a provider that vouched for the address), signed in with an own token.
    const { creation, ownTokens } = await dataLayer();
    const email = `hosted-${randomUUID()}@example.test`;
    const outcome = await creation.createUser({
      email,
      username: `hosted${randomUUID().slice(0, 8)}`,
      isVerified: true,
      persons: [],
      identity: { issuer: 'https://provider.example', subject: randomUUID() },
      makeUsernameUnique: true,
    });
    if (!outcome.created) throw new Error('not created');

    const answer = await changePassword(await ownTokens.signOwnToken(outcome.user), {
      current_password: 'whatever it was',
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
});

describe('one password for every door', () => {
  it("keeps a hosted sign-up's password in the product: change and reset on the site act at the hosted login, the old password nowhere", async () => {
    // Prepare: sign up at the hosted login, prove the address, sign in there.
    const email = `doors-${randomUUID()}@example.test`;
    const first = 'signed up with this';
    const hosted = await signInWithIdp({ email, password: first, signUp: { name: 'Door Person' } });
    const user = (await verifyHostedUser(hosted.accessToken)).body.data;
    const own = await login(email, first);

    // Act: change the password on the site (own token), then reset it from the mail.
    const changed = await changePassword(own.body.data.token, {
      current_password: first,
      new_password: 'changed on the site',
    });
    // At once: the sign-in waits out the second the change ended the sessions in.
    const afterChange = await signInWithIdp({ email, password: 'changed on the site' });
    const afterChangeStatus = await profileStatus(afterChange.accessToken);
    const firstRefused = await signInWithIdp({ email, password: first }).catch(String);
    const asked = new Date();
    await askReset(email);
    const reset = await confirmReset(await resetToken(email, asked), 'reset from the mail');
    await nextSecond();

    // Assess
    expect(user).toMatchObject({ email, has_password: true, is_verified: true, egg_balance: 500 });
    expect(changed.status).toBe(200);
    expect(afterChange.subject).toBe(hosted.subject);
    expect(afterChangeStatus).toBe(200);
    expect(firstRefused).toContain('Invalid email or password');
    expect(reset.status).toBe(200);
    for (const old of [first, 'changed on the site']) {
      expect((await login(email, old)).status).toBe(401);
      await expect(signInWithIdp({ email, password: old })).rejects.toThrow(
        'Invalid email or password',
      );
    }
    expect((await login(email, 'reset from the mail')).status).toBe(200);
    const again = await signInWithIdp({ email, password: 'reset from the mail' });
    expect((await verifyHostedUser(again.accessToken)).body.data.id).toBe(user.id);
  });

  it("ends every session of the account on a password change: own and hosted tokens, refresh tokens and the hosted login's session", async () => {
    // Prepare: one account signed in twice at the hosted login and once on the site.
    const account = await registerUser();
    const hosted = await signInWithIdp({ email: account.user.email, password: account.password });
    await verifyHostedUser(hosted.accessToken);
    const beforeStatus = await profileStatus(hosted.accessToken);

    // Act
    const changed = await changePassword(account.token, {
      current_password: account.password,
      new_password: 'a brand new passphrase',
    });

    // Assess
    expect(beforeStatus).toBe(200);
    expect(changed.status).toBe(200);
    expect(await profileStatus(account.token)).toBe(401);
    expect(await profileStatus(hosted.accessToken)).toBe(401);
    expect((await refreshHostedTokens(hosted.refreshToken ?? '')).body).toMatchObject({
      error: 'invalid_grant',
    });
    expect(await resumeHostedSession(hosted.cookie)).toBe('login');
    expect(await profileStatus(changed.body.data.token)).toBe(200);
  });
});

describe('linking an identity that brings a password of its own', () => {
  it("moves the account's password to the user pool and ends the sessions begun before", async () => {
    // Prepare: an account signed in on the site, then an identity of the stack's user pool.
    const account = await registerUser();
    const { users, identityHash } = await dataLayer();
    const stored = await users.getUserById(account.user.id);
    if (!stored) throw new Error('no user');
    const issuer = 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_pool';
    const subject = randomUUID();
    const [person = ''] = await identityHash.personHashes({ subjects: [`${issuer}|${subject}`] });
    const issuedAt = Math.floor(Date.now() / 1000) + 1;

    // Act
    const linked = await users.linkIdentity(stored, {
      issuer,
      subject,
      person,
      passwordStore: 'cognito',
      issuedAt,
    });

    // Assess
    expect(linked).toMatchObject({ password_store: 'cognito', sessions_valid_after: issuedAt });
    expect(await profileStatus(account.token)).toBe(401);
    expect(await users.getUserById(account.user.id)).toMatchObject({
      password_store: 'cognito',
      sessions_valid_after: issuedAt,
      token_version: (stored.token_version ?? 0) + 1,
    });
  });
});

describe('DELETE /api/user/sessions (sign out everywhere)', () => {
  it('ends every session of the account, this one included; signing in again works', async () => {
    // Prepare
    const account = await registerUser();
    const hosted = await signInWithIdp({ email: account.user.email, password: account.password });
    await verifyHostedUser(hosted.accessToken);
    const other = await registerUser();

    // Act
    const ended = await api<{ message: string }>('/api/user/sessions', {
      method: 'DELETE',
      headers: bearer(hosted.accessToken),
    });

    // Assess
    expect(ended.status).toBe(200);
    expect(ended.body.message).toBe('You were signed out everywhere.');
    expect(await profileStatus(hosted.accessToken)).toBe(401);
    expect(await profileStatus(account.token)).toBe(401);
    expect((await refreshHostedTokens(hosted.refreshToken ?? '')).status).toBe(400);
    expect(await resumeHostedSession(hosted.cookie)).toBe('login');
    expect(await profileStatus(other.token)).toBe(200);
    // Signing in again at once is a new session: it begins after the end.
    const again = await signInWithIdp({ email: account.user.email, password: account.password });
    expect(await profileStatus(again.accessToken)).toBe(200);
    expect((await login(account.user.email, account.password)).status).toBe(200);
  });

  it('answers 401 without a session', async () => {
    expect((await api('/api/user/sessions', { method: 'DELETE' })).status).toBe(401);
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
