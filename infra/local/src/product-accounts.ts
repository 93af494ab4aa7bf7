import type { ProductAccounts } from './idp/product-accounts';

/**
 * The product's accounts for the local identity provider, through the functions' own code: the
 * same `passwordSignIn` as `POST /api/auth/login` (throttling, hash upgrade, the verified check),
 * keyed by the browser's socket address like the gateway keys API calls. The modules are
 * imported on first use: they read the handlers' environment, which the stack sets only after
 * the provider has started (its issuer URL needs the port).
 */
export function productAccounts(): ProductAccounts {
  return {
    async signIn(email, password, clientAddress) {
      const { passwordSignIn } =
        await import('@hatchworks/functions/modules/accounts/password-sign-in');
      const { clientKey } = await import('@hatchworks/functions/lib/client-ip');
      const outcome = await passwordSignIn(email, password, clientKey(clientAddress));
      if (outcome.kind !== 'signed-in') return outcome;
      const { user } = outcome;
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
      const users = await import('@hatchworks/functions/modules/accounts/users-repository');
      const { normalizeEmail } = await import('@hatchworks/functions/lib/identity-hash');
      return (await users.getUserByEmail(normalizeEmail(email))) !== undefined;
    },
  };
}
