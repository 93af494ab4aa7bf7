import { describe, expect, it } from 'vitest';
import { vouchesForEmail } from '../../src/lib/userinfo';

describe('vouchesForEmail: only a provider that checked the mailbox may own an account', () => {
  it.each([
    [{ email_verified: true }, true],
    [{ email_verified: 'true' }, true],
    [{ email_verified: false }, false],
    [{ email_verified: 'false' }, false],
    [{ email_verified: 'yes' }, false],
    [{}, false],
  ])('%j → %s', (info, vouched) => {
    expect(vouchesForEmail(info)).toBe(vouched);
  });
});
