import type { ProductAccounts } from './idp/product-accounts';

/**
 * The product's accounts for the local identity provider, through the functions' own code. The
 * modules are imported on first use: they read the handlers' environment, which the stack sets
 * only after the provider has started (its issuer URL needs the port).
 */
export function productAccounts(): ProductAccounts {
  return {
    async signIn(email, password) {
      const users = await import('@hatchworks/functions/data/users-repository');
      const { decoyHash, verifyPassword } = await import('@hatchworks/functions/lib/passwords');
      const user = await users.getUserByEmail(email.trim().toLowerCase());
      const valid = user?.password_hash
        ? await verifyPassword(password, user.password_hash)
        : (await verifyPassword(password, await decoyHash())) && false;
      if (!user || !valid) return { kind: 'invalid' };
      if (!user.is_verified) return { kind: 'unverified' };
      return {
        kind: 'signed-in',
        user: {
          id: user.id,
          email: user.email,
          displayName: user.display_name,
          username: user.username,
        },
      };
    },
    async hasAccount(email) {
      const users = await import('@hatchworks/functions/data/users-repository');
      return (await users.getUserByEmail(email.trim().toLowerCase())) !== undefined;
    },
  };
}
