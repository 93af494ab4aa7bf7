import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { User } from '@hatchworks/shared/schemas/users';
import { bearer, registerUser, verifyHostedUser } from '../../../test/support/accounts';
import { api } from '../../../test/support/api';
import { signInWithIdp } from '../../../test/support/idp';

const password = 'idp password 123';
const freshEmail = () => `idp-${randomUUID()}@example.test`;

describe('POST /api/auth0/verify-user', () => {
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
