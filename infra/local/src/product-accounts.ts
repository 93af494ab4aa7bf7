import type { ProductAccounts, ProductUser } from './idp/product-accounts';

const functions = {
  passwordSignIn: () => import('@hatchworks/functions/modules/accounts/password-sign-in'),
  registration: () => import('@hatchworks/functions/modules/accounts/registration'),
  users: () => import('@hatchworks/functions/modules/accounts/users-repository'),
  credentials: () => import('@hatchworks/functions/modules/accounts/credentials-repository'),
  clientIp: () => import('@hatchworks/functions/lib/client-ip'),
  identityHash: () => import('@hatchworks/functions/lib/identity-hash'),
  errors: () => import('@hatchworks/functions/lib/errors'),
  userSchemas: () => import('@hatchworks/shared/schemas/users'),
};

const productUser = (user: {
  readonly id: string;
  readonly email: string;
  readonly display_name: string;
  readonly username: string;
}): ProductUser => ({
  id: user.id,
  email: user.email,
  displayName: user.display_name,
  username: user.username,
});

/**
 * The product's accounts for the local identity provider, through the functions' own code: the
 * same `passwordSignIn` as `POST /api/auth/login` (throttling, hash upgrade, the verified check)
 * and the same registration as `POST /api/auth/register`, keyed by the browser's socket address
 * like the gateway keys API calls. The modules are imported on first use: they read the
 * handlers' environment, which the stack sets only after the provider has started (its issuer
 * URL needs the port).
 */
export function productAccounts(): ProductAccounts {
  return {
    async signIn(email, password, clientAddress) {
      const { passwordSignIn } = await functions.passwordSignIn();
      const { clientKey } = await functions.clientIp();
      const outcome = await passwordSignIn(email, password, clientKey(clientAddress));
      if (outcome.kind === 'signed-in')
        return { kind: 'signed-in', user: productUser(outcome.user) };
      // A second step is the AWS user pool's; without a pool every password is the product's.
      return outcome.kind === 'second-step' ? { kind: 'invalid' } : outcome;
    },

    async signUp({ email, password, name, clientAddress, siteOrigin }) {
      const { RegisterInputSchema } = await functions.userSchemas();
      const parsed = RegisterInputSchema.safeParse({
        email,
        password,
        ...(name ? { display_name: name } : {}),
      });
      if (!parsed.success) {
        return { kind: 'refused', status: 400, message: parsed.error.issues[0]?.message ?? '' };
      }
      const { registerAccount } = await functions.registration();
      const { clientKey } = await functions.clientIp();
      const { AppError } = await functions.errors();
      try {
        await registerAccount({
          email: parsed.data.email,
          password: parsed.data.password,
          displayName: parsed.data.display_name,
          client: clientKey(clientAddress),
          origin: siteOrigin,
        });
        return { kind: 'created' };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        if (error.status === 409 && error.message === (await functions.users()).EMAIL_TAKEN) {
          return { kind: 'taken' };
        }
        return { kind: 'refused', status: error.status, message: error.message };
      }
    },

    async sessions(productUserId) {
      const user = await (await functions.users()).getUserById(productUserId);
      return user ? { kind: 'live', validAfter: user.sessions_valid_after ?? 0 } : { kind: 'gone' };
    },

    /**
     * An own person's password goes to the product account their hosted identity is linked to
     * when it has none yet; a linked account with a password of
     * its own keeps it. With no linked account, an email the product does not know becomes a
     * product account with that password, unverified, its verification mail on the way; an email
     * the product knows keeps its account and the own person is dropped: nobody proved they
     * own the address, and the product's account may be its owner's.
     */
    async carryOver(person) {
      const users = await functions.users();
      const linked = await users.getUserBySubject(person.issuer, person.subject);
      if (linked) {
        const { readPassword, setPassword } = await functions.credentials();
        // Setting it ends the sessions begun with the own password: they sign in again.
        if (!(await readPassword(linked))) await setPassword(linked, person.passwordHash);
        return { kind: 'linked', user: productUser(linked) };
      }
      const { normalizeEmail } = await functions.identityHash();
      if (await users.getUserByEmail(normalizeEmail(person.email))) return { kind: 'dropped' };
      const { createPasswordAccount } = await functions.registration();
      await createPasswordAccount({
        email: person.email,
        passwordHash: person.passwordHash,
        // An own person's name defaulted to their address, which is never shown.
        displayName: person.name.toLowerCase() === person.email ? undefined : person.name,
      });
      return { kind: 'created' };
    },
  };
}
