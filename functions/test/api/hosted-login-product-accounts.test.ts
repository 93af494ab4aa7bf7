import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { User } from '@hatchworks/shared/schemas/users';
import { productAccounts } from '../../../infra/local/src/product-accounts';
import { bearer, dataLayer, registerUser, verifyEmail } from '../../../test/support/accounts';
import { api } from '../../../test/support/api';
import { freshClientAddress } from '../../../test/support/client-addresses';
import { signInWithIdp, signUpAtHostedPage } from '../../../test/support/idp';
import { testStack } from '../../../test/support/stack';

const freshEmail = () => `product-${randomUUID()}@example.test`;

/** The text a person reads in the page of a refused sign-in (links flattened). */
async function refusal(attempt: Promise<unknown>): Promise<string> {
  const error = await attempt.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  if (!(error instanceof Error)) throw new Error('the sign-in was not refused');
  return error.message.replace(/<[^>]+>/g, '');
}

const verifyUser = (accessToken: string) =>
  api<{ data: User }>('/api/auth0/verify-user', {
    method: 'POST',
    headers: bearer(accessToken),
    json: {},
  });

describe('the hosted login with a product account (email and password registered on the site)', () => {
  it('signs in a verified account, and verify-user answers the same product user', async () => {
    const product = await registerUser();

    const tokens = await signInWithIdp({ email: product.user.email, password: product.password });
    const verified = await verifyUser(tokens.accessToken);
    const again = await signInWithIdp({ email: product.user.email, password: product.password });

    expect(verified.status).toBe(200);
    expect(verified.body.data.id).toBe(product.user.id);
    expect(verified.body.data.email).toBe(product.user.email);
    expect(again.subject).toBe(tokens.subject);
  });

  it('tells the provider the address is verified, since the product proved it', async () => {
    const product = await registerUser({ display_name: 'Proven Hen' });
    const tokens = await signInWithIdp({ email: product.user.email, password: product.password });

    const info = await api('/idp/me', { headers: bearer(tokens.accessToken) });

    expect(info.body).toMatchObject({
      sub: tokens.subject,
      email: product.user.email,
      email_verified: true,
      name: 'Proven Hen',
    });
  });

  it('signs in the demo user through the product', async () => {
    const own = await api<{ data: { user: User } }>('/api/auth/login', {
      method: 'POST',
      json: { email: 'user@hatchworks.local', password: 'hatchworks-user' },
    });

    const tokens = await signInWithIdp({
      email: 'user@hatchworks.local',
      password: 'hatchworks-user',
    });
    const verified = await verifyUser(tokens.accessToken);

    expect(verified.body.data.id).toBe(own.body.data.user.id);
  });

  it('refuses an account whose email is not verified yet, pointing to the resend page', async () => {
    const email = freshEmail();
    const password = 'not verified yet 1';
    await api('/api/auth/register', {
      method: 'POST',
      json: { email, password },
      from: freshClientAddress(),
    });

    const page = await refusal(signInWithIdp({ email, password }));

    expect(page).toContain('Verify your email address first: open the link we sent you.');
    expect(page).toContain('Send the link again');
  });

  it('links the unverified message to the site page that sends the link again', async () => {
    const email = freshEmail();
    const password = 'not verified yet 2';
    await api('/api/auth/register', {
      method: 'POST',
      json: { email, password },
      from: freshClientAddress(),
    });

    const error = await signInWithIdp({ email, password }).catch((failure: unknown) => failure);

    expect(String(error)).toMatch(
      /<a href="http:\/\/[^"]+\/verify-email">Send the link again<\/a>/,
    );
  });

  it('refuses a wrong password with "Invalid email or password"', async () => {
    const product = await registerUser();

    const page = await refusal(
      signInWithIdp({
        email: product.user.email,
        password: 'not the password',
        from: freshClientAddress(),
      }),
    );

    expect(page).toContain('Invalid email or password');
  });

  it('stops guessing with "Too many failed sign-ins. Try again in N minutes."', async () => {
    const product = await registerUser();
    const from = freshClientAddress();
    const guess = () =>
      signInWithIdp({ email: product.user.email, password: 'a wrong guess', from });

    const pages: string[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) pages.push(await refusal(guess()));

    expect(pages[0]).toContain('Invalid email or password');
    expect(pages.at(-1)).toMatch(/Too many failed sign-ins\. Try again in \d+ minutes?\./);
  });

  it('refuses a hosted sign-up with the email of a product account', async () => {
    const product = await registerUser();

    const page = await refusal(
      signInWithIdp({ email: product.user.email, password: 'another password', signUp: {} }),
    );

    expect(page).toContain(
      'An account with this email already exists. Sign in instead, or reset your password.',
    );
  });

  it('offers "Forgot password?" on the login page, linking to the site', async () => {
    const error = await signInWithIdp({ email: freshEmail(), password: 'whatever it is' }).catch(
      (failure: unknown) => failure,
    );

    expect(String(error)).toMatch(
      /<a href="http:\/\/[^"]+\/reset-password">Forgot password\?<\/a>/,
    );
  });
});

describe('the hosted sign-up', () => {
  it('makes a product account: unverified, its link mailed, no sign-in until it is opened', async () => {
    const email = freshEmail();

    const page = await signUpAtHostedPage({ email, password: 'signed up here 1', name: 'New One' });
    const early = await refusal(signInWithIdp({ email, password: 'signed up here 1' }));
    const proven = await verifyEmail(email);

    expect(page.status).toBe(200);
    expect(page.text).toContain('Check your email');
    expect(page.text).toContain('your 500 welcome eggs arrive then');
    expect(early).toContain('Verify your email address first');
    expect(proven).toMatchObject({ welcome_eggs: 500, user: { email, display_name: 'New One' } });
  });

  it('refuses what registration refuses, with its words', async () => {
    const invalid = await signUpAtHostedPage({ email: 'not-an-email', password: 'long enough 1' });
    const short = await signUpAtHostedPage({ email: freshEmail(), password: 'short' });

    expect(invalid.status).toBe(400);
    expect(invalid.text).toContain('Enter a valid email address');
    expect(short.status).toBe(400);
    expect(short.text).toContain('Password must be at least 10 characters');
  });

  it('counts against the per-client sign-up limit of registration', async () => {
    const from = freshClientAddress();
    const pages = [];
    for (let index = 0; index < 6; index += 1) {
      pages.push(
        await signUpAtHostedPage({ email: freshEmail(), password: 'long enough 1', from }),
      );
    }

    expect(pages.map((page) => page.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(pages[5]?.text).toContain('Too many registrations from this network');
  });
});

describe('a person an older hosted page kept with a password of its own', () => {
  const carryOver = async (person: { email: string; subject: string; password: string }) => {
    const { passwords } = await dataLayer();
    return productAccounts().carryOver({
      email: person.email,
      passwordHash: await passwords.hashPassword(person.password),
      name: 'Old Person',
      issuer: `${testStack().baseUrl}/idp`,
      subject: person.subject,
    });
  };
  const login = (email: string, password: string) =>
    api('/api/auth/login', {
      method: 'POST',
      json: { email, password },
      from: freshClientAddress(),
    });

  it('is carried over into the product: a linked account takes the password, else a new unverified account holds it', async () => {
    // Prepare: one person whose hosted identity the product linked to an account without a
    // password, one the product never saw, one whose address a product account already has.
    const { creation } = await dataLayer();
    const linked = { email: freshEmail(), subject: randomUUID(), password: 'kept by the page 1' };
    await creation.createUser({
      email: linked.email,
      username: `old${randomUUID().slice(0, 8)}`,
      isVerified: true,
      persons: [],
      identity: { issuer: `${testStack().baseUrl}/idp`, subject: linked.subject },
      makeUsernameUnique: true,
    });
    const unknown = { email: freshEmail(), subject: randomUUID(), password: 'kept by the page 2' };
    const taken = await registerUser();

    // Act
    const outcomes = [
      await carryOver(linked),
      await carryOver(unknown),
      await carryOver({ email: taken.user.email, subject: randomUUID(), password: 'squatter 123' }),
    ];

    // Assess
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['linked', 'created', 'dropped']);
    expect((await login(linked.email, linked.password)).status).toBe(200);
    expect((await login(unknown.email, unknown.password)).status).toBe(403);
    await verifyEmail(unknown.email);
    const signedIn = await signInWithIdp({ email: unknown.email, password: unknown.password });
    expect((await verifyUser(signedIn.accessToken)).body.data).toMatchObject({
      email: unknown.email,
      display_name: 'Old Person',
      has_password: true,
    });
    expect((await login(taken.user.email, 'squatter 123')).status).toBe(401);
    expect((await login(taken.user.email, taken.password)).status).toBe(200);
  });
});
