import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AuthResult, User } from '@hatchworks/shared/schemas/users';
import { bearer, verifyEmail, verifyHostedUser } from '../../../test/support/accounts';
import { api } from '../../../test/support/api';
import { freshClientAddress } from '../../../test/support/client-addresses';
import {
  nextSecond,
  refreshHostedTokens,
  resumeHostedSession,
  signInWithIdp,
  signUpAtHostedPage,
} from '../../../test/support/idp';
import { linkFromMail, waitForMail } from '../../../test/support/mail';

/*
 * The account pre-hijacking classes of Sudhodanan and Paverd ("Pre-hijacked accounts", USENIX
 * Security 2022): an attacker prepares an account with the victim's address before the victim
 * has one. Each test prepares one class and shows that the owner ends up with the account and
 * the attacker with nothing: no password, no identity, no session.
 */

const ATTACKER_PASSWORD = 'the attackers password';
const OWNER_PASSWORD = 'the owners own password';

const victimEmail = () => `victim-${randomUUID()}@example.test`;

const login = (email: string, password: string) =>
  api<{ data: AuthResult }>('/api/auth/login', {
    method: 'POST',
    json: { email, password },
    from: freshClientAddress(),
  });

const profileStatus = async (token: string) =>
  (await api('/api/user/profile', { headers: bearer(token) })).status;

const registerOnSite = (email: string, password: string) =>
  api('/api/auth/register', {
    method: 'POST',
    json: { email, password },
    from: freshClientAddress(),
  });

/** The owner takes the address back: 'Forgot password?', the mailed link, a new password. */
async function ownerResets(email: string) {
  const asked = new Date();
  await api('/api/auth/password-reset', {
    method: 'POST',
    json: { email },
    from: freshClientAddress(),
  });
  const mail = await waitForMail(email, { subject: /reset/i, after: asked });
  const token = linkFromMail(mail, '/reset-password').searchParams.get('token') ?? '';
  const answer = await api<{ data: { user: User } }>('/api/auth/password-reset/confirm', {
    method: 'POST',
    json: { token, password: OWNER_PASSWORD },
  });
  expect(answer.status).toBe(200);
  // Sessions begun in the second of the reset count as before it.
  await nextSecond();
  return answer.body.data.user;
}

/** The attacker's password opens no door: not the site's login, not the hosted login. */
async function expectAttackerLockedOut(email: string) {
  expect((await login(email, ATTACKER_PASSWORD)).status).toBe(401);
  await expect(signInWithIdp({ email, password: ATTACKER_PASSWORD })).rejects.toThrow(
    'Invalid email or password',
  );
}

/** The owner signs in at the hosted login and on the site, to the account they took back. */
async function expectOwnerSignsIn(email: string, accountId: string) {
  const hosted = await signInWithIdp({ email, password: OWNER_PASSWORD });
  expect((await verifyHostedUser(hosted.accessToken)).body.data).toMatchObject({
    id: accountId,
    is_verified: true,
  });
  expect((await login(email, OWNER_PASSWORD)).status).toBe(200);
}

describe('account pre-hijacking', () => {
  it('classic–federated merge: an account registered with the owner’s address never joins the owner’s hosted sign-in', async () => {
    // Prepare: the attacker registers the owner's address on the site.
    const email = victimEmail();
    await registerOnSite(email, ATTACKER_PASSWORD);

    // Act: the owner tries the hosted sign-up, is told the address has an account, resets.
    const hostedSignUp = await signUpAtHostedPage({ email, password: OWNER_PASSWORD });
    const owner = await ownerResets(email);

    // Assess
    expect(hostedSignUp.status).toBe(400);
    expect(hostedSignUp.text).toContain('An account with this email already exists');
    expect(owner).toMatchObject({ email, is_verified: true, egg_balance: 500 });
    await expectAttackerLockedOut(email);
    await expectOwnerSignsIn(email, owner.id);
  });

  it('non-verifying identity provider: a hosted sign-up with the owner’s address gives its maker no sign-in and no identity', async () => {
    // Prepare: the attacker signs up at the hosted login, which cannot check the mailbox.
    const email = victimEmail();
    const page = await signUpAtHostedPage({ email, password: ATTACKER_PASSWORD });
    const early = await signInWithIdp({ email, password: ATTACKER_PASSWORD }).catch(String);

    // Act: the owner registers on the site, is told the address has an account, resets.
    const registered = await registerOnSite(email, OWNER_PASSWORD);
    const owner = await ownerResets(email);

    // Assess
    expect(page.text).toContain('Check your email');
    expect(early).toContain('Verify your email address first');
    expect(registered.status).toBe(409);
    await expectAttackerLockedOut(email);
    await expectOwnerSignsIn(email, owner.id);
  });

  it('unexpired session: a session the attacker opened before the owner took the address back ends with the reset', async () => {
    // Prepare: the attacker registers the owner's address, the owner opens the verification
    // mail they did not ask for, and the attacker signs in on the site and at the hosted login.
    const email = victimEmail();
    await registerOnSite(email, ATTACKER_PASSWORD);
    await verifyEmail(email);
    const own = (await login(email, ATTACKER_PASSWORD)).body.data.token;
    const hosted = await signInWithIdp({ email, password: ATTACKER_PASSWORD });
    await verifyHostedUser(hosted.accessToken);
    const before = [await profileStatus(own), await profileStatus(hosted.accessToken)];

    // Act
    const owner = await ownerResets(email);

    // Assess
    expect(before).toEqual([200, 200]);
    expect(await profileStatus(own)).toBe(401);
    expect(await profileStatus(hosted.accessToken)).toBe(401);
    expect((await refreshHostedTokens(hosted.refreshToken ?? '')).body).toMatchObject({
      error: 'invalid_grant',
    });
    expect(await resumeHostedSession(hosted.cookie)).toBe('login');
    await expectAttackerLockedOut(email);
    await expectOwnerSignsIn(email, owner.id);
  });

  it('trojan identifier: a hosted identity the attacker tied to the account opens nothing after the reset', async () => {
    // Prepare: the attacker's hosted sign-up, proven by the owner's click on the mail, and the
    // attacker's sign-in there, which ties the provider's identity to the account.
    const email = victimEmail();
    const attacker = await signInWithIdp({
      email,
      password: ATTACKER_PASSWORD,
      signUp: { name: 'Not The Owner' },
    });
    const tied = await verifyHostedUser(attacker.accessToken);

    // Act
    const owner = await ownerResets(email);

    // Assess: the same account, now the owner's alone.
    expect(owner.id).toBe(tied.body.data.id);
    expect((await verifyHostedUser(attacker.accessToken)).status).toBe(401);
    expect((await refreshHostedTokens(attacker.refreshToken ?? '')).status).toBe(400);
    await expectAttackerLockedOut(email);
    await expectOwnerSignsIn(email, owner.id);
  });

  it('unchanged email: an account’s address cannot be changed, so none is kept while its owner moves on', async () => {
    // Prepare
    const email = victimEmail();
    await registerOnSite(email, ATTACKER_PASSWORD);
    await verifyEmail(email);
    const token = (await login(email, ATTACKER_PASSWORD)).body.data.token;
    const me = (await api<{ data: User }>('/api/user/profile', { headers: bearer(token) })).body;

    // Act: a profile update that also names another address.
    const updated = await api<{ data: User }>('/api/user/profile', {
      method: 'PUT',
      headers: bearer(token),
      json: {
        display_name: 'Renamed',
        username: me.data.username,
        email: `elsewhere-${randomUUID()}@example.test`,
      },
    });

    // Assess
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ email, display_name: 'Renamed' });
  });
});
