import { EmailTakenError, type AccountStore, type IdpAccount } from './account-store';
import type { Message } from './html';
import type { ProductAccounts } from './product-accounts';
import { MIN_PASSWORD_LENGTH, SITE_PAGES } from './settings';

/** Who may sign in here: the provider's own people and, through the product, its accounts. */
export interface People {
  readonly accounts: AccountStore;
  readonly product: ProductAccounts;
  /** The site's URL, for links to its pages (resend verification, reset password). */
  readonly siteUrl: string;
}

/** A refusal to show on the form again, with the status of that page. */
export interface Refusal {
  readonly status: number;
  readonly error: Message;
}

export type Outcome = { readonly account: IdpAccount } | Refusal;

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const VERIFY_FIRST = 'Verify your email address first: open the link we sent you.';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const minutes = (seconds: number) => {
  const count = Math.max(1, Math.ceil(seconds / 60));
  return `${count} minute${count === 1 ? '' : 's'}`;
};

/**
 * Checks a login. An email of the provider's own people is checked here, as before; any other
 * is asked of the product on every sign-in, so its password is the only one that person has.
 */
export async function signIn(
  people: People,
  input: { readonly email: string; readonly password: string; readonly clientAddress: string },
): Promise<Outcome> {
  const { accounts, product, siteUrl } = people;
  if (accounts.findByEmail(input.email)?.passwordHash) {
    const account = await accounts.authenticate(input.email, input.password);
    return account ? { account } : { status: 401, error: INVALID_CREDENTIALS };
  }
  const answer = await product.signIn(input.email, input.password, input.clientAddress);
  switch (answer.kind) {
    case 'signed-in':
      return {
        account: accounts.recordProductPerson({
          productUserId: answer.user.id,
          email: answer.user.email,
          name: answer.user.displayName || answer.user.email,
          nickname: answer.user.username,
        }),
      };
    case 'unverified':
      return {
        status: 403,
        error: [
          `${VERIFY_FIRST} `,
          { href: `${siteUrl}${SITE_PAGES.verifyEmail}`, text: 'Send the link again' },
        ],
      };
    case 'throttled':
      return {
        status: 429,
        error: `Too many failed sign-ins. Try again in ${minutes(answer.retryAfterSeconds)}.`,
      };
    case 'invalid':
      return { status: 401, error: INVALID_CREDENTIALS };
  }
}

/**
 * Creates one of the provider's own people from the sign-up form. Their address is not vouched
 * for (nobody checked the mailbox); the product sends its own verification link. An email the
 * product already has is refused, so nobody signs up over a product account.
 */
export async function signUp(
  people: People,
  input: {
    readonly email: string;
    readonly password: string;
    readonly name: string;
    readonly loginHref: string;
  },
): Promise<Outcome> {
  const { accounts, product, siteUrl } = people;
  if (!EMAIL.test(input.email)) return { status: 400, error: 'Enter a valid email address.' };
  if (input.password.length < MIN_PASSWORD_LENGTH) {
    return { status: 400, error: `Password must be at least ${MIN_PASSWORD_LENGTH} characters.` };
  }
  const signInLink = { href: input.loginHref, text: 'Sign in' };
  const taken: Refusal = {
    status: 400,
    error: ['An account with this email already exists. ', signInLink, ' instead.'],
  };
  if (accounts.findByEmail(input.email)?.passwordHash) return taken;
  if (await product.hasAccount(input.email)) {
    return {
      status: 400,
      error: [
        'An account with this email already exists. ',
        signInLink,
        ' instead, or ',
        { href: `${siteUrl}${SITE_PAGES.resetPassword}`, text: 'reset your password' },
        '.',
      ],
    };
  }
  // What is left of a product account that has been deleted since must not block the address.
  accounts.forgetProductPerson(input.email);
  try {
    return {
      account: await accounts.create({
        email: input.email,
        password: input.password,
        emailVerified: false,
        ...(input.name ? { name: input.name } : {}),
      }),
    };
  } catch (error) {
    if (error instanceof EmailTakenError) return taken;
    throw error;
  }
}
