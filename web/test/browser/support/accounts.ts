import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { AuthResult } from '@hatchworks/shared/schemas/users';
import { registerUser as registerVerifiedAccount } from '../../../../test/support/accounts';
import { fetchFrom, freshClientAddress } from '../../../../test/support/client-addresses';
import { siteUrl } from './browser';
import { linkFromMail, waitForMail } from './mail';

/** The local demo accounts (README): they exist at the IdP and in the product's table. */
export const DEMO = {
  admin: { email: 'admin@hatchworks.local', password: 'hatchworks-admin', name: 'Demo Admin' },
  user: { email: 'user@hatchworks.local', password: 'hatchworks-user', name: 'Demo User' },
} as const;

export const uniqueEmail = (prefix = 'web') => `${prefix}-${randomUUID()}@example.test`;

/**
 * POSTs JSON to the site from a client address of its own: the API keys its per-client limits
 * (5 new accounts an hour) on the socket's address.
 */
async function post<T>(path: string, body: unknown, from = freshClientAddress()): Promise<T> {
  const response = await fetchFrom(from, siteUrl(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { data: T };
  if (!response.ok) throw new Error(`${path} answered ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** Opens the newest verification link mailed to `email`, as the verify-email page does. */
export async function verifyEmail(email: string): Promise<void> {
  const mail = await waitForMail(email, { subject: /verify/i });
  const token = linkFromMail(mail, '/verify-email').searchParams.get('token') ?? '';
  await post('/api/auth/verify-email', { token });
}

/**
 * A fresh, verified email-and-password account of the product with its 500 welcome eggs and an
 * own token, written through the functions' data layer and logged in over the API
 * (`test/support/accounts.ts`); the sign-up flow itself is tested over HTTP and in the browser.
 */
export async function registerUser(
  fields: { username?: string; display_name?: string } = {},
): Promise<AuthResult> {
  const { token, user } = await registerVerifiedAccount(fields);
  return { token, user };
}

/** The product's own login for an existing account. */
export function loginUser(email: string, password: string) {
  return post<AuthResult>('/api/auth/login', { email, password });
}

/**
 * Puts an own-token session into the browser the way a login stores it, then reloads so
 * the app starts with it.
 */
export async function seedSession(page: Page, auth: AuthResult): Promise<void> {
  await page.evaluate((state) => {
    localStorage.setItem(
      'featureRequestAuth',
      JSON.stringify({ user: state.user, token: state.token, authenticated: true }),
    );
    localStorage.setItem('token', state.token);
  }, auth);
  await page.reload();
}

/** Fills the local IdP's login form (the browser must be on it). */
export async function signInAtIdp(page: Page, email: string, password: string): Promise<void> {
  await page.waitForURL(/\/idp\//);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Fills the local IdP's sign-up form (the browser must be on it). */
export async function signUpAtIdp(
  page: Page,
  account: { email: string; password: string; name?: string },
): Promise<void> {
  await page.waitForURL(/\/idp\//);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  if (account.name) await page.getByLabel(/Display name/).fill(account.name);
  await page.getByRole('button', { name: /Create account/ }).click();
}

/** The header's egg balance as a number, once shown. */
export async function eggBalance(page: Page): Promise<number> {
  const pill = page.locator('.account--bar .egg-balance');
  await pill.waitFor();
  return Number((await pill.innerText()).replace(/\D/g, ''));
}

/** The password of the accounts these helpers register. */
export const TEST_PASSWORD = 'correct horse battery';

/**
 * A product account registered over the API and left unverified: the verification mail waits
 * in the local mail sink. Answers its email, its password, and when the mail was asked for.
 */
export async function registerUnverified(
  fields: { display_name?: string } = {},
): Promise<{ email: string; password: string; since: Date }> {
  const email = uniqueEmail('unverified');
  const since = new Date();
  await post('/api/auth/register', { email, password: TEST_PASSWORD, ...fields });
  return { email, password: TEST_PASSWORD, since };
}
