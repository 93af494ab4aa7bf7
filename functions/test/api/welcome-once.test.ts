import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Feature, Vote } from '@hatchworks/shared/schemas/features';
import type { AuthResult, User } from '@hatchworks/shared/schemas/users';
import {
  bearer,
  registerAdmin,
  signUpOverHttp,
  verifyEmail,
  verifyHostedUser,
} from '../../../test/support/accounts';
import { api } from '../../../test/support/api';
import { freshClientAddress } from '../../../test/support/client-addresses';
import { ledgerOf, profileOf } from '../../../test/support/eggs';
import { approvedFeature, createProject, vote } from '../../../test/support/features';
import { signInWithIdp } from '../../../test/support/idp';

const claim = (token: string) =>
  api<{ error?: string }>('/api/user/claim-daily-eggs', { method: 'POST', headers: bearer(token) });

const deleteAccount = (token: string) =>
  api('/api/user/delete-account', { method: 'DELETE', headers: bearer(token) });

/** Registers `email` again, opens the new link and logs in. */
async function registerAgain(email: string, password: string) {
  const client = freshClientAddress();
  const asked = new Date();
  const registered = await api('/api/auth/register', {
    method: 'POST',
    json: { email, password },
    from: client,
  });
  const verified = await verifyEmail(email, asked);
  const login = await api<{ data: AuthResult }>('/api/auth/login', {
    method: 'POST',
    json: { email, password },
    from: client,
  });
  return { registered, verified, login: login.body.data };
}

describe('one welcome per person, ever', () => {
  it('gives a new account for a deleted account’s email 0 welcome eggs and no second daily claim that UTC day', async () => {
    // Prepare
    const first = await signUpOverHttp();
    expect((await claim(first.token)).status).toBe(200);
    expect((await deleteAccount(first.token)).status).toBe(200);

    // Act
    const again = await registerAgain(first.user.email, first.password);
    const secondClaim = await claim(again.login.token);

    // Assess
    expect(again.registered.status).toBe(201);
    expect(again.verified.welcome_eggs).toBe(0);
    expect(again.verified.user).toMatchObject({
      is_verified: true,
      egg_balance: 0,
      can_claim_daily: false,
    });
    expect(again.login.user.id).not.toBe(first.user.id);
    expect(secondClaim.status).toBe(409);
    expect(secondClaim.body.error).toBe('Daily eggs already claimed today');
    expect(await ledgerOf(again.login.token)).toEqual([]);
  });

  it('still lets that new account claim the day’s eggs when the deleted one had not', async () => {
    const first = await signUpOverHttp();
    await deleteAccount(first.token);

    const again = await registerAgain(first.user.email, first.password);
    const answer = await claim(again.login.token);

    expect(again.verified.welcome_eggs).toBe(0);
    expect(answer.status).toBe(200);
    expect((await profileOf(again.login.token)).egg_balance).toBe(100);
  });

  it('gives a hosted sign-up made again after deleting its account no second welcome', async () => {
    // Prepare: sign up at the hosted login, prove the address (500 eggs), claim, delete.
    const email = `again-${randomUUID()}@example.test`;
    const password = 'idp password 123';
    const signedUp = await signInWithIdp({ email, password, signUp: {} });
    const first = await verifyHostedUser(signedUp.accessToken);
    expect(first.body.data.egg_balance).toBe(500);
    expect((await claim(signedUp.accessToken)).status).toBe(200);
    expect((await deleteAccount(signedUp.accessToken)).status).toBe(200);

    // Act: the same address signs up again there and proves it again.
    const back = await signInWithIdp({ email, password, signUp: {} });
    const second = await verifyHostedUser(back.accessToken);

    // Assess
    expect(second.status).toBe(200);
    expect(second.body.data.id).not.toBe(first.body.data.id);
    expect(back.subject).not.toBe(signedUp.subject);
    expect(second.body.data).toMatchObject({ egg_balance: 0, can_claim_daily: false });
    expect((await claim(back.accessToken)).status).toBe(409);
  });

  it('keeps a deleted account’s votes: their eggs stay spent and total_eggs stays the sum of the votes', async () => {
    // Prepare
    const admin = await registerAdmin();
    const project = await createProject(admin.token);
    const feature = await approvedFeature((await signUpOverHttp()).token, admin.token, project.id);
    const [leaving, staying] = [await signUpOverHttp(), await signUpOverHttp()];
    await vote(leaving.token, { feature_id: feature.id, eggs_allocated: 40 });
    await vote(staying.token, { feature_id: feature.id, eggs_allocated: 15 });

    // Act
    await deleteAccount(leaving.token);

    // Assess
    const after = await api<{ data: Feature }>(`/api/features/${feature.id}`);
    const votesOf = async (user: User) =>
      (
        await api<{ data: { votes: Vote[] } }>(`/api/users/${user.id}/votes`, {
          headers: bearer(staying.token),
        })
      ).body.data.votes.filter((each) => each.feature_id === feature.id);
    const votes = [...(await votesOf(leaving.user)), ...(await votesOf(staying.user))];
    expect(votes.map((each) => each.eggs_allocated).sort()).toEqual([15, 40]);
    expect(after.body.data.total_eggs).toBe(55);
    expect(after.body.data.vote_count).toBe(2);
  });
});

describe('one welcome per mailbox', () => {
  it('gives no second welcome to another +tag of an address that had it', async () => {
    // Prepare
    const name = `mbx-${randomUUID().slice(0, 8)}`;
    const first = await signUpOverHttp({ email: `${name}+news@example.test` });

    // Act
    const other = await registerAgain(`${name}+shop@example.test`, first.password);
    const plain = await registerAgain(`${name}@example.test`, first.password);

    // Assess
    expect(first.user.egg_balance).toBe(500);
    expect(other.registered.status).toBe(201);
    expect(other.verified.welcome_eggs).toBe(0);
    expect(plain.verified.welcome_eggs).toBe(0);
    expect(await ledgerOf(other.login.token)).toEqual([]);
  });

  it('counts a Gmail address with dots, or at googlemail.com, as the same mailbox', async () => {
    // Prepare
    const name = `gm${randomUUID().replaceAll('-', '').slice(0, 10)}`;
    const first = await signUpOverHttp({ email: `${name}@gmail.com` });

    // Act
    const dotted = await registerAgain(
      `${name.slice(0, 4)}.${name.slice(4)}@googlemail.com`,
      first.password,
    );

    // Assess
    expect(first.user.egg_balance).toBe(500);
    expect(dotted.verified.welcome_eggs).toBe(0);
  });

  it('still welcomes an address at another provider whose local part differs only by a dot', async () => {
    // Prepare
    const name = `dot${randomUUID().replaceAll('-', '').slice(0, 10)}`;
    const first = await signUpOverHttp({ email: `${name}@example.test` });

    // Act
    const dotted = await registerAgain(
      `${name.slice(0, 4)}.${name.slice(4)}@example.test`,
      first.password,
    );

    // Assess
    expect(first.user.egg_balance).toBe(500);
    expect(dotted.verified.welcome_eggs).toBe(500);
  });
});
