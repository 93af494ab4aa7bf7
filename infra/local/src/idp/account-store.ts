import { randomUUID } from 'node:crypto';
import { decoyHash, hashPassword, verifyPassword } from '@hatchworks/functions/lib/passwords';
import { readJsonFile, writeJsonFile } from './json-file';

/** A person known to the local identity provider (not a product user: the API links them). */
export interface IdpAccount {
  /** The subject (`sub`) of this person's tokens. */
  readonly id: string;
  readonly email: string;
  readonly emailVerified: boolean;
  readonly name: string;
  readonly nickname: string;
  readonly passwordHash: string;
  readonly createdAt: string;
}

export interface NewAccount {
  readonly email: string;
  readonly password: string;
  readonly name?: string;
  /** Demo people are vouched for; the hosted sign-up cannot check a mailbox, so it vouches too. */
  readonly emailVerified?: boolean;
}

/** Thrown when signing up with an email that already has an account here. */
export class EmailTakenError extends Error {
  override readonly name = 'EmailTakenError';
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * The identity provider's own people, like the user pool of a third-party provider: kept apart
 * from the product's table, in one JSON file (or only in memory for tests).
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

  /** Adds a person; the email must be new here. */
  async create(input: NewAccount): Promise<IdpAccount> {
    const email = normalizeEmail(input.email);
    if (this.findByEmail(email)) throw new EmailTakenError(email);
    const passwordHash = await hashPassword(input.password);
    // Checked again: another sign-up may have finished while the hash was computed.
    if (this.findByEmail(email)) throw new EmailTakenError(email);
    const account: IdpAccount = {
      id: randomUUID(),
      email,
      emailVerified: input.emailVerified ?? true,
      name: input.name?.trim() || email,
      nickname: email.split('@')[0] ?? email,
      passwordHash,
      createdAt: new Date().toISOString(),
    };
    this.accounts.set(account.id, account);
    this.save();
    return account;
  }

  /** The account whose email and password match; as slow for an unknown email as for a known. */
  async authenticate(email: string, password: string): Promise<IdpAccount | undefined> {
    const account = this.findByEmail(email);
    const matches = await verifyPassword(password, account?.passwordHash ?? (await decoyHash()));
    return account && matches ? account : undefined;
  }

  /** Adds each of these people unless their email is known already. */
  async seed(people: readonly NewAccount[]): Promise<void> {
    for (const person of people) {
      if (!this.findByEmail(person.email)) await this.create({ emailVerified: true, ...person });
    }
  }

  private save(): void {
    if (this.file) writeJsonFile(this.file, { accounts: [...this.accounts.values()] });
  }
}
