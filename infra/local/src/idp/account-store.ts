import { randomUUID } from 'node:crypto';
import {
  decoyHash,
  hashPassword,
  verifyPassword,
} from '@hatchworks/functions/modules/accounts/passwords';
import { readJsonFile, writeJsonFile } from './json-file';

/** A person known to the local identity provider (not a product user: the API links them). */
export interface IdpAccount {
  /** The subject (`sub`) of this person's tokens. */
  readonly id: string;
  readonly email: string;
  readonly emailVerified: boolean;
  readonly name: string;
  readonly nickname: string;
  /** The provider's own password; absent for a product account, whose password the product checks. */
  readonly passwordHash?: string;
  /**
   * The product user this person signs in as, when they are a product account (email and password
   * registered on the site) rather than one of the provider's own people.
   */
  readonly productUserId?: string;
  readonly createdAt: string;
}

export interface NewAccount {
  readonly email: string;
  readonly password: string;
  readonly name?: string;
  /** False for the hosted sign-up, which cannot check a mailbox; the product proves it later. */
  readonly emailVerified?: boolean;
}

/** A product user that signed in at the hosted login, as the provider records it. */
export interface ProductPerson {
  readonly productUserId: string;
  readonly email: string;
  readonly name: string;
  readonly nickname: string;
}

/** Thrown when signing up with an email that already has an account here. */
export class EmailTakenError extends Error {
  override readonly name = 'EmailTakenError';
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * The identity provider's people, like the user pool of a third-party provider: kept apart from
 * the product's table, in one JSON file (or only in memory for tests). Its own people have a
 * password here; product accounts are recorded without one, like the users a Cognito
 * user-migration trigger brings in, except that their password stays with the product.
 */
export class AccountStore {
  private readonly accounts = new Map<string, IdpAccount>();

  private constructor(private readonly file: string | undefined) {
    const saved = file ? readJsonFile<{ accounts: IdpAccount[] }>(file) : undefined;
    for (const account of saved?.accounts ?? []) this.accounts.set(account.id, account);
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

  /** Adds one of the provider's own people; the email must be new here. */
  async create(input: NewAccount): Promise<IdpAccount> {
    const email = normalizeEmail(input.email);
    if (this.findByEmail(email)) throw new EmailTakenError(email);
    const passwordHash = await hashPassword(input.password);
    // Checked again: another sign-up may have finished while the hash was computed.
    if (this.findByEmail(email)) throw new EmailTakenError(email);
    const account: IdpAccount = {
      id: randomUUID(),
      email,
      emailVerified: input.emailVerified ?? false,
      name: input.name?.trim() || email,
      nickname: email.split('@')[0] ?? email,
      passwordHash,
      createdAt: new Date().toISOString(),
    };
    this.accounts.set(account.id, account);
    this.save();
    return account;
  }

  /**
   * One of the provider's own people whose email and password match; as slow for an unknown email
   * as for a known one.
   */
  async authenticate(email: string, password: string): Promise<IdpAccount | undefined> {
    const account = this.findByEmail(email);
    const matches = await verifyPassword(password, account?.passwordHash ?? (await decoyHash()));
    return account?.passwordHash && matches ? account : undefined;
  }

  /**
   * The provider's record of a product user who just signed in with the product's password:
   * the same subject on every sign-in, with the names kept current. The address counts as
   * verified because the product proved it before letting them sign in. A record of an earlier
   * product account with that email (deleted since) is replaced, so a new account never inherits
   * the old one's subject.
   */
  recordProductPerson(person: ProductPerson): IdpAccount {
    const email = normalizeEmail(person.email);
    const existing = this.findByEmail(email);
    if (existing?.passwordHash) throw new EmailTakenError(email);
    const same = existing?.productUserId === person.productUserId ? existing : undefined;
    if (existing && !same) this.accounts.delete(existing.id);
    const account: IdpAccount = {
      id: same?.id ?? randomUUID(),
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

  /** Drops the record of a product account (not one of the provider's own people) by email. */
  forgetProductPerson(email: string): void {
    const existing = this.findByEmail(email);
    if (!existing || existing.passwordHash) return;
    this.accounts.delete(existing.id);
    this.save();
  }

  private save(): void {
    if (this.file) writeJsonFile(this.file, { accounts: [...this.accounts.values()] });
  }
}
