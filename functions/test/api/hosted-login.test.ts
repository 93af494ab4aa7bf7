import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bearer, verifyHostedUser } from '../../../test/support/accounts';
import { api } from '../../../test/support/api';
import { decodePayload, signInWithIdp } from '../../../test/support/idp';
import { testStack } from '../../../test/support/stack';

const password = 'idp password 123';
const freshEmail = () => `hosted-${randomUUID()}@example.test`;
const header = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[0] ?? '', 'base64url').toString()) as Record<
    string,
    unknown
  >;

describe('the local identity provider at /idp', () => {
  it('is the hosted login of /config.json', async () => {
    const answer = await api<{ auth: unknown }>('/config.json');

    expect(answer.body.auth).toEqual({
      authority: `${testStack().baseUrl}/idp`,
      clientId: 'hatchworks-web',
      audience: 'urn:hatchworks:api',
    });
  });

  it('issues RS256 JWT access tokens for the API and a refresh token to the SPA', async () => {
    const tokens = await signInWithIdp({ email: freshEmail(), password, signUp: {} });

    expect(header(tokens.accessToken)).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    expect(decodePayload(tokens.accessToken)).toMatchObject({
      iss: `${testStack().baseUrl}/idp`,
      aud: 'urn:hatchworks:api',
      client_id: 'hatchworks-web',
      scope: 'openid profile email',
    });
    expect(tokens.refreshToken).toBeTruthy();
  });

  it('renews the access token with the refresh token', async () => {
    const tokens = await signInWithIdp({ email: freshEmail(), password, signUp: {} });
    await verifyHostedUser(tokens.accessToken);

    const renewed = await fetch(`${testStack().baseUrl}/idp/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens.refreshToken ?? '',
        client_id: 'hatchworks-web',
      }).toString(),
    });
    const body = (await renewed.json()) as { access_token: string };
    const profile = await api('/api/user/profile', { headers: bearer(body.access_token) });

    expect(renewed.status).toBe(200);
    expect(body.access_token).not.toBe(tokens.accessToken);
    expect(profile.status).toBe(200);
  });

  it('answers userinfo with the API access token', async () => {
    const email = freshEmail();
    const tokens = await signInWithIdp({ email, password, signUp: { name: 'Info Person' } });

    const answer = await fetch(`${testStack().baseUrl}/idp/me`, {
      headers: bearer(tokens.accessToken),
    });

    expect(answer.status).toBe(200);
    const claims = (await answer.json()) as Record<string, unknown>;
    expect(claims).toMatchObject({
      sub: tokens.subject,
      email,
      // The product proved the address before the person could sign in.
      email_verified: true,
      name: 'Info Person',
    });
    expect(claims.nickname).toEqual(expect.any(String));
    expect(claims.preferred_username).toBe(claims.nickname);
  });

  it('refuses a wrong password with "Invalid email or password"', async () => {
    await expect(
      signInWithIdp({ email: 'user@hatchworks.local', password: 'not the password' }),
    ).rejects.toThrow('Invalid email or password');
  });

  it('refuses a second sign-up with the same email', async () => {
    const email = freshEmail();
    await signInWithIdp({ email, password, signUp: {} });

    await expect(signInWithIdp({ email, password, signUp: {} })).rejects.toThrow(
      'An account with this email already exists',
    );
  });

  it('serves its login page with the site security headers and no script', async () => {
    const authorize = await fetch(
      `${testStack().baseUrl}/idp/auth?${new URLSearchParams({
        client_id: 'hatchworks-web',
        redirect_uri: `${testStack().baseUrl}/auth/callback`,
        response_type: 'code',
        scope: 'openid profile email',
        code_challenge: 'x'.repeat(43),
        code_challenge_method: 'S256',
      }).toString()}`,
      { redirect: 'manual' },
    );
    const cookie = authorize.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');

    const login = await fetch(
      new URL(authorize.headers.get('location') ?? '', testStack().baseUrl).href,
      { headers: { cookie } },
    );
    const html = await login.text();

    expect(authorize.status).toBe(303);
    expect(login.status).toBe(200);
    expect(login.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(login.headers.get('x-frame-options')).toBe('DENY');
    expect(html).toContain('<label>Email');
    expect(html).toContain('Sign in</button>');
    expect(html).toContain('Create an account');
    expect(html).toContain('Forgot password?');
    expect(html).not.toContain('<script');
  });

  it('signs the site out without asking and returns to the site origin', async () => {
    const tokens = await signInWithIdp({ email: freshEmail(), password, signUp: {} });
    const baseUrl = testStack().baseUrl;

    const confirm = await fetch(
      `${baseUrl}/idp/session/end?${new URLSearchParams({
        id_token_hint: tokens.idToken,
        post_logout_redirect_uri: `${baseUrl}/`,
      }).toString()}`,
      { headers: { cookie: tokens.cookie } },
    );
    const html = await confirm.text();
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const done = await fetch(`${baseUrl}/idp/session/end/confirm`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: tokens.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });

    // The site's own client is not asked 'Sign out?': the page sends the form by itself.
    expect(confirm.status).toBe(200);
    expect(html).toContain('Signing you out…');
    expect(html).toContain('name="logout" value="yes"');
    expect(html).not.toContain('Stay signed in');
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${baseUrl}/`);
  });
});
