/** The local demo accounts, printed by `npm start` and documented in the README. */
export const DEMO_ACCOUNTS = [
  {
    email: 'admin@hatchworks.local',
    password: 'hatchworks-admin',
    username: 'demo_admin',
    displayName: 'Demo Admin',
    role: 'admin',
  },
  {
    email: 'user@hatchworks.local',
    password: 'hatchworks-user',
    username: 'demo_user',
    displayName: 'Demo User',
    role: 'user',
  },
] as const;

/**
 * Creates the demo admin and demo user (email and password accounts with their welcome eggs)
 * unless they exist. Only the local stack does this: on AWS the first admin is made by the
 * operator command.
 */
export async function seedDemoAccounts(): Promise<void> {
  const users = await import('@hatchworks/functions/modules/accounts/users-repository');
  const { createUser } = await import('@hatchworks/functions/modules/accounts/user-creation');
  const { personHashes } = await import('@hatchworks/functions/lib/identity-hash');
  const { hashPassword } = await import('@hatchworks/functions/modules/accounts/passwords');
  for (const account of DEMO_ACCOUNTS) {
    if (await users.getUserByEmail(account.email)) continue;
    // Verified with their welcome, as a person who proved the address; the password goes to
    // its own credential item like every account's.
    const outcome = await createUser({
      email: account.email,
      username: account.username,
      displayName: account.displayName,
      isVerified: true,
      persons: await personHashes({ email: account.email }),
      passwordHash: await hashPassword(account.password),
      makeUsernameUnique: true,
    });
    if (outcome.created && account.role === 'admin') await users.setRole(outcome.user.id, 'admin');
  }
}
