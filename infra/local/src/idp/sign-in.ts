import type { AccountStore, IdpAccount } from './account-store';
import type { Message } from './html';
import type { ProductAccounts } from './product-accounts';
import { SITE_PAGES } from './settings';

/** Who may sign in here: the product's accounts, with the product's password. */
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

const minutes = (seconds: number) => {
  const count = Math.max(1, Math.ceil(seconds / 60));
  return `${count} minute${count === 1 ? '' : 's'}`;
};

/**
 * Checks a login against the product on every sign-in, so its password is the only one a person
 * has: a change or reset on the site counts here at once, and the old password nowhere.
 */
export async function signIn(
  people: People,
  input: { readonly email: string; readonly password: string; readonly clientAddress: string },
): Promise<Outcome> {
  const { accounts, product, siteUrl } = people;
  const answer = await product.signIn(input.email, input.password, input.clientAddress);
  switch (answer.kind) {
    case 'signed-in':
      return {
        account: accounts.recordProductPerson({
          productUserId: answer.user.id,
          email: answer.user.email,
          name: answer.user.displayName || answer.user.username,
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

/** A sign-up the product took: the person proves the address by mail, then signs in. */
export interface SignedUp {
  readonly email: string;
}

/**
 * Registers a product account from the sign-up form, with the product's rules and limits. Nobody
 * is signed in: the address is not proven yet, and the product mails the link that proves it
 * (and brings the welcome eggs); signing in works after that. An email the product already has
 * is refused, so nobody signs up over an account, proven or not.
 */
export async function signUp(
  people: People,
  input: {
    readonly email: string;
    readonly password: string;
    readonly name: string;
    readonly loginHref: string;
    readonly clientAddress: string;
    /** The site's origin the person came from: the verification mail links there. */
    readonly siteOrigin?: string;
  },
): Promise<SignedUp | Refusal> {
  const { accounts, product, siteUrl } = people;
  const answer = await product.signUp(input);
  switch (answer.kind) {
    case 'created':
      // What is left of a product account deleted since must not keep the address's subject.
      accounts.forgetProductPerson(input.email);
      return { email: input.email.trim().toLowerCase() };
    case 'taken':
      return {
        status: 400,
        error: [
          'An account with this email already exists. ',
          { href: input.loginHref, text: 'Sign in' },
          ' instead, or ',
          { href: `${siteUrl}${SITE_PAGES.resetPassword}`, text: 'reset your password' },
          '.',
        ],
      };
    case 'refused':
      return { status: answer.status, error: answer.message };
  }
}
