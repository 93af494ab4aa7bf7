import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { User } from '@hatchworks/shared/schemas/users';
import {
  bearer,
  registerUser,
  verifyEmail,
  verifyHostedUser,
} from '../../../test/support/accounts';
import { api } from '../../../test/support/api';
import { freshClientAddress } from '../../../test/support/client-addresses';
import { signInWithIdp } from '../../../test/support/idp';

const password = 'idp password 123';
const freshEmail = () => `idp-${randomUUID()}@example.test`;

describe('POST /api/auth0/verify-user', () => {
  it('creates an unverified user for a hosted sign-up nobody vouched for; the mailed link brings the 500 welcome eggs, once', async () => {
    const email = freshEmail();
    const tokens = await signInWithIdp({ email, password, signUp: { name: 'Idp Person' } });

    const first = await verifyHostedUser(tokens.accessToken, { auth0_id: tokens.subject, email });
    const second = await verifyHostedUser(tokens.accessToken, { auth0_id: tokens.subject, email });
    const verified = await verifyEmail(email);
    const after = await api<{ data: User }>('/api/user/profile', {
      headers: bearer(tokens.accessToken),
    });

    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      email,
      display_name: 'Idp Person',
      egg_balance: 0,
      is_verified: false,
      has_password: false,
    });
    expect(first.body.message).toBe('Check your email to verify your address.');
    expect(second.status).toBe(200);
    expect(second.body.data.id).toBe(first.body.data.id);
    expect(verified.welcome_eggs).toBe(500);
    expect(after.body.data).toMatchObject({ id: first.body.data.id, egg_balance: 500 });
  });

  it('takes the email from the identity provider, not from the body', async () => {
    const email = freshEmail();
    const tokens = await signInWithIdp({ email, password, signUp: {} });

    const answer = await verifyHostedUser(tokens.accessToken, {
      auth0_id: tokens.subject,
      email: 'someone-else@example.test',
    });

    expect(answer.status).toBe(200);
    expect(answer.body.data.email).toBe(email);
  });

  it('rejects an auth0_id other than the signed-in identity with 403', async () => {
    const tokens = await signInWithIdp({ email: freshEmail(), password, signUp: {} });

    const answer = await verifyHostedUser(tokens.accessToken, {
      auth0_id: `${tokens.subject}-other`,
    });

    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });

  it('links a hosted-login account to the verified product account with the same email', async () => {
    // The local provider vouches for a product account's address: the product proved it.
    const product = await registerUser();
    const tokens = await signInWithIdp({ email: product.user.email, password: product.password });

    const answer = await verifyHostedUser(tokens.accessToken, { auth0_id: tokens.subject });

    expect(answer.status).toBe(200);
    expect(answer.body.data.id).toBe(product.user.id);
    expect(answer.body.data.egg_balance).toBe(product.user.egg_balance);
  });

  it('refuses to join a hosted identity to an account whose email nobody proved, so a squatter gains nothing', async () => {
    // Prepare: the victim signs up at the hosted login (the local provider would refuse the
    // sign-up once the product knows the address), then the attacker registers the victim's
    // address with a password of their own before the victim's first visit to the site.
    const victimEmail = freshEmail();
    const attackerPassword = 'the attackers password';
    const victim = await signInWithIdp({ email: victimEmail, password, signUp: {} });
    const registered = await api('/api/auth/register', {
      method: 'POST',
      json: { email: victimEmail, password: attackerPassword },
      from: freshClientAddress(),
    });

    // Act
    const answer = await verifyHostedUser(victim.accessToken, { auth0_id: victim.subject });
    const attackerLogin = await api('/api/auth/login', {
      method: 'POST',
      json: { email: victimEmail, password: attackerPassword },
      from: freshClientAddress(),
    });
    const victimProfile = await api('/api/user/profile', { headers: bearer(victim.accessToken) });

    // Assess
    expect(registered.status).toBe(201);
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      success: false,
      code: 'CONFLICT',
      error:
        'An account with this email exists but its address is not verified yet. Open the link we emailed to it, or reset its password.',
    });
    expect(attackerLogin.status).toBe(403);
    expect(attackerLogin.body).not.toHaveProperty('data');
    expect(victimProfile.status).toBe(401);
  });

  it('counts first hosted sign-ins against the per-client sign-up limit', async () => {
    // Prepare
    const client = freshClientAddress();
    const people = await Promise.all(
      Array.from({ length: 6 }, () => signInWithIdp({ email: freshEmail(), password, signUp: {} })),
    );

    // Act
    const statuses = [];
    for (const person of people) {
      statuses.push((await verifyHostedUser(person.accessToken, {}, client)).status);
    }
    const known = await verifyHostedUser(people[0]?.accessToken ?? '', {}, client);

    // Assess
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(known.status).toBe(200);
  });

  it('signs in a demo person at the hosted login', async () => {
    const tokens = await signInWithIdp({
      email: 'user@hatchworks.local',
      password: 'hatchworks-user',
    });

    const answer = await verifyHostedUser(tokens.accessToken);

    expect(answer.status).toBe(200);
    expect(answer.body.data.email).toBe('user@hatchworks.local');
  });
});

describe('GET /api/user/profile with a hosted-login token', () => {
  it('is 401 before verification and answers the user after it', async () => {
    const email = freshEmail();
    const tokens = await signInWithIdp({ email, password, signUp: {} });

    const before = await api('/api/user/profile', { headers: bearer(tokens.accessToken) });
    await verifyHostedUser(tokens.accessToken);
    const after = await api<{ data: User }>('/api/user/profile', {
      headers: bearer(tokens.accessToken),
    });

    expect(before.status).toBe(401);
    expect(after.status).toBe(200);
    expect(after.body.data.email).toBe(email);
  });
});
