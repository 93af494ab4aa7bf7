import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountStore } from '../src/idp/account-store';
import { startIdentityProvider } from '../src/idp/identity-provider';
import { writeJsonFile } from '../src/idp/json-file';
import type { OwnPerson, ProductAccounts } from '../src/idp/product-accounts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const saved = (id: string, email: string, extra: Record<string, unknown>) => ({
  id,
  email,
  emailVerified: false,
  name: email,
  nickname: email.split('@')[0],
  createdAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

/** A product that links `linked@`, knows nothing of `new@` and already has `taken@`. */
function fakeProduct(asked: OwnPerson[]): ProductAccounts {
  const unused = () => Promise.reject(new Error('not used here'));
  return {
    signIn: unused,
    signUp: unused,
    sessions: unused,
    carryOver: (person) => {
      asked.push(person);
      if (person.email === 'linked@example.test') {
        const user = { id: 'u-1', email: person.email, displayName: 'Linked', username: 'linked' };
        return Promise.resolve({ kind: 'linked', user });
      }
      return Promise.resolve({ kind: person.email === 'new@example.test' ? 'created' : 'dropped' });
    },
  };
}

describe('the local identity provider at start', () => {
  it('carries its own people over into the product and keeps no password afterwards', async () => {
    // Prepare: an older provider's file with three people of its own and one product person.
    const folder = mkdtempSync(join(tmpdir(), 'idp-carry-over-'));
    folders.push(folder);
    const file = join(folder, 'accounts.json');
    writeJsonFile(file, {
      accounts: [
        saved('sub-linked', 'linked@example.test', { passwordHash: 'scrypt$a' }),
        saved('sub-new', 'new@example.test', { passwordHash: 'scrypt$b' }),
        saved('sub-taken', 'taken@example.test', { passwordHash: 'scrypt$c' }),
        saved('sub-product', 'product@example.test', { productUserId: 'u-9', emailVerified: true }),
      ],
    });
    const asked: OwnPerson[] = [];
    const idp = await startIdentityProvider({
      siteUrl: 'http://localhost:3999',
      dataDir: folder,
      product: fakeProduct(asked),
    });

    // Act
    const carried = await idp.carryOverOwnPeople();
    const again = await idp.carryOverOwnPeople();

    // Assess
    expect(carried).toBe(3);
    expect(again).toBe(0);
    expect(asked.map(({ email, subject, issuer }) => ({ email, subject, issuer }))).toEqual([
      { email: 'linked@example.test', subject: 'sub-linked', issuer: 'http://localhost:3999/idp' },
      { email: 'new@example.test', subject: 'sub-new', issuer: 'http://localhost:3999/idp' },
      { email: 'taken@example.test', subject: 'sub-taken', issuer: 'http://localhost:3999/idp' },
    ]);
    expect(readFileSync(file, 'utf8')).not.toContain('passwordHash');
    const store = AccountStore.open(file);
    // The linked person keeps the subject the product linked; the others are gone.
    expect(store.findById('sub-linked')).toMatchObject({
      productUserId: 'u-1',
      emailVerified: true,
    });
    expect(store.findByEmail('new@example.test')).toBeUndefined();
    expect(store.findByEmail('taken@example.test')).toBeUndefined();
    expect(store.findById('sub-product')).toMatchObject({ productUserId: 'u-9' });
    expect(store.legacyOwnPeople()).toEqual([]);
  });
});
