/**
 * What the local identity provider asks the product about its accounts, standing in for the
 * Cognito user-migration trigger on AWS: the product's password is the only password of a
 * product account, so a change or reset on the site applies at the hosted login at once.
 */

/** A product user as the hosted login needs them: who they are and what to call them. */
export interface ProductUser {
  readonly id: string;
  readonly email: string;
  readonly displayName: string;
  readonly username: string;
}

/** The product's answer to an email and password (the same checks as its own login). */
export type ProductSignIn =
  | { readonly kind: 'signed-in'; readonly user: ProductUser }
  | { readonly kind: 'invalid' }
  | { readonly kind: 'unverified' }
  | { readonly kind: 'throttled'; readonly retryAfterSeconds: number };

export interface ProductAccounts {
  /**
   * Checks `email` and `password` against the product's accounts, throttled per account and
   * client like its login; `clientAddress` is the browser's socket address.
   */
  signIn(email: string, password: string, clientAddress: string): Promise<ProductSignIn>;
  /** Whether the product has an account with this email (verified or not). */
  hasAccount(email: string): Promise<boolean>;
}
