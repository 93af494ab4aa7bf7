import { randomUUID } from 'node:crypto';
import { readJsonFile, writeJsonFile } from './json-file';

/**
 * A person known to the local identity provider: a product account that signed in here. The
 * provider keeps no password: the product checks it at every sign-in.
 */
export interface IdpAccount {
  /** The subject (`sub`) of this person's tokens: the same on every sign-in. */
  readonly id: string;
  readonly email: string;
  /** Always true: the product lets only accounts with a proven address sign in. */
  readonly emailVerified: boolean;
  readonly name: string;
  readonly nickname: string;
  /** The product user this person signs in as. */
  readonly productUserId: string;
  readonly createdAt: string;
}

/** A product user that signed in at the hosted login, as the provider records it. */
export interface ProductPerson {
  readonly productUserId: string;
  readonly email: string;
  readonly name: string;
  readonly nickname: string;
}

/**
 * A person an older version of the hosted page kept with a password of its own, as saved then.
 * They are carried over into the product at start (`carryOverOwnPeople`) and kept no more.
 */
export interface LegacyOwnPerson {
  readonly id: string;
  readonly email: string;
  readonly emailVerified: boolean;
  readonly name: string;
  readonly passwordHash: string;
}

type SavedAccount = Omit<IdpAccount, 'productUserId'> & {
  readonly productUserId?: string;
  readonly passwordHash?: string;
};

const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * The identity provider's record of who signed in, like the user pool of a hosted provider
 * whose passwords stay with the product (a Cognito user-migration trigger at every sign-in):
 * kept apart from the product's table, in one JSON file (or only in memory for tests).
 */
export class AccountStore {
  private readonly accounts = new Map<string, IdpAccount>();
  /** Saved own people with their passwords, as read, until carried over. */
  private readonly legacy: SavedAccount[] = [];

  private constructor(private readonly file: string | undefined) {
    const saved = file ? readJsonFile<{ accounts: SavedAccount[] }>(file) : undefined;
    for (const account of saved?.accounts ?? []) {
      if (account.passwordHash) this.legacy.push(account);
      else if (account.productUserId) {
        this.accounts.set(account.id, { ...account, productUserId: account.productUserId });
      }
    }
  }

  /** Opens the store kept in `file`, or an empty one in memory when there is no file. */
  static open(file?: string): AccountStore {
    return new AccountStore(file);
  }

  findById(id: string): IdpAccount | undefined {
    return this.accounts.get(id);
  }

  findByEmail(email: string): IdpAccount | undefined {
    const wanted = normalizeEmail(email);
    return [...this.accounts.values()].find((account) => account.email === wanted);
  }

  /**
   * The provider's record of a product user who just signed in with the product's password:
   * the same subject on every sign-in, with the names kept current. A record of an earlier
   * product account with that email (deleted since) is replaced, so a new account never inherits
   * the old one's subject. `id` keeps a carried-over person's subject, which the product linked.
   */
  recordProductPerson(person: ProductPerson, id?: string): IdpAccount {
    const email = normalizeEmail(person.email);
    const existing = this.findByEmail(email);
    const same = existing?.productUserId === person.productUserId ? existing : undefined;
    if (existing && !same) this.accounts.delete(existing.id);
    const account: IdpAccount = {
      id: same?.id ?? id ?? randomUUID(),
      email,
      emailVerified: true,
      name: person.name,
      nickname: person.nickname,
      productUserId: person.productUserId,
      createdAt: same?.createdAt ?? new Date().toISOString(),
    };
    if (!same || same.name !== account.name || same.nickname !== account.nickname) {
      this.accounts.set(account.id, account);
      this.save();
    }
    return account;
  }

  /** Drops the record of a product account by email (a new sign-up over a deleted one). */
  forgetProductPerson(email: string): void {
    const existing = this.findByEmail(email);
    if (!existing) return;
    this.accounts.delete(existing.id);
    this.save();
  }

  /** The people an older hosted page kept with passwords of their own, not carried over yet. */
  legacyOwnPeople(): readonly LegacyOwnPerson[] {
    return this.legacy.flatMap(({ id, email, emailVerified, name, passwordHash }) =>
      passwordHash ? [{ id, email, emailVerified, name, passwordHash }] : [],
    );
  }

  /** Forgets a legacy own person (carried over), saving the store without their password. */
  dropLegacy(id: string): void {
    const index = this.legacy.findIndex((person) => person.id === id);
    if (index < 0) return;
    this.legacy.splice(index, 1);
    this.save();
  }

  private save(): void {
    if (!this.file) return;
    // Own people not carried over yet stay in the file as they were.
    writeJsonFile(this.file, { accounts: [...this.accounts.values(), ...this.legacy] });
  }
}
