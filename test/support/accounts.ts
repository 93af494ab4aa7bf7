import { randomUUID } from 'node:crypto';
import {
  RegisterInputSchema,
  type AuthResult,
  type RegisterResult,
  type User,
  type VerifyEmailResult,
} from '@hatchworks/shared/schemas/users';
import { sendUnsigned } from '../../infra/local/src/unsigned-requests';
import { api } from './api';
import { freshClientAddress } from './client-addresses';
import { linkFromMail, waitForMail } from './mail';
import { useStackTable } from './stack-table';

/** The token of the verification link mailed to `email` (the newest one). */
export async function verificationToken(email: string, after?: Date): Promise<string> {
  const mail = await waitForMail(email, { subject: /verify/i, ...(after ? { after } : {}) });
  return linkFromMail(mail, '/verify-email').searchParams.get('token') ?? '';
}

/** Opens the verification link mailed to `email`, as the verify-email page does. */
export async function verifyEmail(email: string, after?: Date): Promise<VerifyEmailResult> {
  const answer = await api<{ data: VerifyEmailResult }>('/api/auth/verify-email', {
    method: 'POST',
    json: { token: await verificationToken(email, after) },
  });
  if (answer.status !== 200)
    throw new Error(`verify-email failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

/** The password of the accounts these helpers make. */
export const TEST_PASSWORD = 'correct horse battery';

/**
 * A fresh account made the way a person makes one over HTTP: register, open the link mailed to
 * the local mail sink, then log in. Each account is made from a loopback address of its own, so
 * the per-client sign-up limit (5 an hour) holds for the tests that prove it. Sign-up tests use
 * this; every other test takes `registerUser`, which skips the mail round trip.
 */
export async function signUpOverHttp(
  overrides: Record<string, unknown> = {},
): Promise<AuthResult & { password: string }> {
  const email = `u-${randomUUID()}@example.test`;
  const from = freshClientAddress();
  const fields = { email, password: TEST_PASSWORD, ...overrides } as {
    email: string;
    password: string;
  };
  const registered = await api<{ data: RegisterResult }>('/api/auth/register', {
    method: 'POST',
    json: fields,
    from,
  });
  if (registered.status !== 201)
    throw new Error(`register failed: ${registered.status} ${JSON.stringify(registered.body)}`);
  await verifyEmail(registered.body.data.user.email);
  return logIn(fields.email, fields.password, from);
}

async function logIn(
  email: string,
  password: string,
  from = freshClientAddress(),
): Promise<AuthResult & { password: string }> {
  const login = await api<{ data: AuthResult }>('/api/auth/login', {
    method: 'POST',
    json: { email, password },
    from,
  });
  if (login.status !== 200)
    throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  return { ...login.body.data, password };
}

/**
 * Each password is hashed once per test worker: every fixture account still stores a real scrypt
 * hash of its password, which the stack's sign-in checks, without paying the hash's CPU again.
 */
const passwordHashes = new Map<string, Promise<string>>();
function hashOnce(password: string, hash: (password: string) => Promise<string>): Promise<string> {
  let hashed = passwordHashes.get(password);
  if (!hashed) {
    hashed = hash(password);
    passwordHashes.set(password, hashed);
  }
  return hashed;
}

/**
 * A fresh, verified account with its 500 welcome eggs, written through the functions' own data
 * layer as a proven sign-up (the same transaction the demo seed and a vouched-for hosted sign-in
 * use: user, unique guards, password, welcome ledger entry, person items), and signed in the way
 * the login route answers: the user as the API shows it and a token from the functions' own
 * signing code with the stack's key. The login route itself (scrypt, throttling, unverified
 * accounts) is proven by the sign-up and password tests, which use `signUpOverHttp` or log in
 * over HTTP. The fields go through the register route's schema and staff-name check, so a test
 * gets what the route would store.
 */
export async function registerUser(
  overrides: Record<string, unknown> = {},
): Promise<AuthResult & { password: string }> {
  const fields = RegisterInputSchema.parse({
    email: `u-${randomUUID()}@example.test`,
    password: TEST_PASSWORD,
    ...overrides,
  });
  const { creation, usernames, staffNames, passwords, identityHash, users, ownTokens } =
    await dataLayer();
  staffNames.refuseStaffNames(fields);
  const outcome = await creation.createUser({
    email: fields.email,
    username: fields.username ?? usernames.fallbackUsername(usernames.emailLocalPart(fields.email)),
    displayName: usernames.chosenDisplayName(fields.display_name),
    isVerified: true,
    persons: await identityHash.personHashes({ email: fields.email }),
    passwordHash: await hashOnce(fields.password, passwords.hashPassword),
    makeUsernameUnique: fields.username === undefined,
  });
  if (!outcome.created) throw new Error(`account not created for ${fields.email}`);
  return {
    user: users.toApiUser(outcome.user),
    token: await ownTokens.signOwnToken(outcome.user),
    password: fields.password,
  };
}

/** The functions' data layer, for tests that set up what no route can (roles, old hashes). */
export async function dataLayer() {
  useStackTable();
  const client = await import('@hatchworks/functions/modules/table/client');
  sendUnsigned(client.db);
  return {
    users: await import('@hatchworks/functions/modules/accounts/users-repository'),
    credentials: await import('@hatchworks/functions/modules/accounts/credentials-repository'),
    passwords: await import('@hatchworks/functions/modules/accounts/passwords'),
    tokens: await import('@hatchworks/functions/modules/accounts/one-time-token'),
    client,
    keys: await import('@hatchworks/functions/modules/table/keys'),
    creation: await import('@hatchworks/functions/modules/accounts/user-creation'),
    usernames: await import('@hatchworks/functions/modules/accounts/usernames'),
    staffNames: await import('@hatchworks/functions/modules/accounts/staff-names'),
    identityHash: await import('@hatchworks/functions/lib/identity-hash'),
    ownTokens: await import('@hatchworks/functions/lib/tokens'),
  };
}

/** Grants the admin role straight in the table, as the operator command does. */
export async function grantAdmin(userId: string): Promise<void> {
  const { users } = await dataLayer();
  await users.setRole(userId, 'admin');
}

/** A fresh admin: registered, then granted the role. */
export async function registerAdmin(): Promise<AuthResult & { password: string }> {
  const admin = await registerUser();
  await grantAdmin(admin.user.id);
  return { ...admin, user: { ...admin.user, role: 'admin' } };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * `POST /api/auth0/verify-user` with a hosted-login access token, from a loopback address of its
 * own unless `from` is given: the first sight of an identity counts against the per-client
 * sign-up limit.
 */
export function verifyHostedUser(
  accessToken: string,
  json: unknown = {},
  from = freshClientAddress(),
) {
  return api<{ data: User; message: string; error?: string; code?: string }>(
    '/api/auth0/verify-user',
    { method: 'POST', headers: bearer(accessToken), json, from },
  );
}
