import { createUser } from './user-creation';
import { takeRegistrationSlot } from './account-limits';
import { chosenDisplayName, emailLocalPart, fallbackUsername } from './usernames';
import { hashPassword } from './passwords';
import { refuseStaffNames } from './staff-names';
import type { StoredUser } from './users-repository';

export interface Registration {
  readonly email: string;
  readonly password: string;
  readonly username?: string | undefined;
  readonly displayName?: string | undefined;
  /** The client key (`clientIp`/`clientKey`) the per-client sign-up window counts. */
  readonly client: string;
  /** The served origin the sign-up came from: the verification link goes there. */
  readonly origin?: string | undefined;
}

/**
 * Creates an account with a password whose email is not proven yet: no eggs and no sign-in until
 * the link mailed to the address is opened. The one way an email-and-password account comes into
 * being, from the site's form (`POST /api/auth/register`) and from the hosted sign-up page alike,
 * so the product holds every password. Throws the API's errors (400 a staff name, 409 taken, 429
 * throttled).
 */
export async function registerAccount(input: Registration): Promise<StoredUser> {
  refuseStaffNames({ username: input.username, display_name: input.displayName });
  await takeRegistrationSlot(input.client, input.email);
  return createPasswordAccount({ ...input, passwordHash: await hashPassword(input.password) });
}

/**
 * Creates an unverified account with a password hash, its verification mail on the way, without
 * a client's limits: {@link registerAccount} after its checks, and the local identity provider
 * carrying a person of its own (with the hash it kept) over into the product.
 */
export async function createPasswordAccount(input: {
  readonly email: string;
  readonly passwordHash: string;
  readonly username?: string | undefined;
  readonly displayName?: string | undefined;
  readonly origin?: string | undefined;
}): Promise<StoredUser> {
  const outcome = await createUser({
    email: input.email,
    username: input.username ?? fallbackUsername(emailLocalPart(input.email)),
    displayName: chosenDisplayName(input.displayName),
    isVerified: false,
    persons: [],
    passwordHash: input.passwordHash,
    mailVerification: { origin: input.origin },
    // A chosen username must be free; a derived one is made unique.
    makeUsernameUnique: input.username === undefined,
  });
  if (!outcome.created) throw new Error('Registration cannot link an identity');
  return outcome.user;
}
