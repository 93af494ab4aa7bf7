/**
 * What the local identity provider asks the product about its accounts. The product holds every
 * password: the hosted page creates product accounts and checks the product's password, so a
 * change or reset on the site applies at the hosted login at once, and the product says when an
 * account's sessions were ended (a password change or reset, "sign out everywhere").
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

/** The product's answer to a sign-up (the same rules and limits as its registration). */
export type ProductSignUp =
  | { readonly kind: 'created' }
  | { readonly kind: 'taken' }
  | { readonly kind: 'refused'; readonly status: number; readonly message: string };

/** A product account as its sessions need it: gone, or live with the time its sessions start. */
export type ProductSessions =
  | { readonly kind: 'gone' }
  | {
      readonly kind: 'live';
      /** Epoch seconds: a session or token that began before this was ended. */
      readonly validAfter: number;
    };

/** One of the people an older hosted page kept with a password of its own. */
export interface OwnPerson {
  readonly email: string;
  readonly passwordHash: string;
  readonly name: string;
  /** The issuer and subject of their hosted identity, as the product may have linked it. */
  readonly issuer: string;
  readonly subject: string;
}

/** Where an own person's password went: to their product account, or nowhere (see `carryOver`). */
export type CarriedOver =
  | { readonly kind: 'linked'; readonly user: ProductUser }
  | { readonly kind: 'created' }
  | { readonly kind: 'dropped' };

export interface ProductAccounts {
  /**
   * Checks `email` and `password` against the product's accounts, throttled per account and
   * client like its login; `clientAddress` is the browser's socket address.
   */
  signIn(email: string, password: string, clientAddress: string): Promise<ProductSignIn>;
  /** Registers a product account (unverified, its verification mail on the way). */
  signUp(input: {
    readonly email: string;
    readonly password: string;
    readonly name: string;
    readonly clientAddress: string;
    /** The site's origin the person came from, where the verification link goes. */
    readonly siteOrigin?: string;
  }): Promise<ProductSignUp>;
  /** Whether the product user still exists, and since when their sessions count. */
  sessions(productUserId: string): Promise<ProductSessions>;
  /** Moves an own person's password into the product (see the implementation for the rules). */
  carryOver(person: OwnPerson): Promise<CarriedOver>;
}
