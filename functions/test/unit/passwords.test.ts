import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from '../../src/modules/accounts/passwords';

describe('password hashes', () => {
  afterEach(() => {
    delete process.env.PASSWORD_SCRYPT_N;
  });

  it('hashes at scrypt N=2^17, r=8, p=1 unless configured otherwise', async () => {
    // Act
    const hash = await hashPassword('correct horse battery');

    // Assess
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse battery!', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
    // Three hashes at the production cost (128 MiB each): about a second of CPU on a quiet core,
    // many times that while the browser tests share the machine.
  }, 30_000);

  it('asks for a new hash when a stored one is weaker than today', async () => {
    // Prepare
    const weak = await hashPassword('correct horse battery', { N: 2 ** 15, r: 8, p: 1 });

    // Act / Assess
    expect(needsRehash(weak)).toBe(true);
    expect(needsRehash('not a hash')).toBe(true);
  });

  it('takes a lower N only from the allowed powers of two (the test stack uses 2^14)', async () => {
    // Prepare
    process.env.PASSWORD_SCRYPT_N = String(2 ** 14);

    // Act
    const hash = await hashPassword('correct horse battery');

    // Assess
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    for (const refused of ['1024', '20000', '1048576', 'cheap']) {
      process.env.PASSWORD_SCRYPT_N = refused;
      await expect(hashPassword('correct horse battery')).rejects.toThrow(/PASSWORD_SCRYPT_N/);
    }
  });
});
