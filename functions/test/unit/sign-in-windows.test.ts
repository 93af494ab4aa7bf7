import { describe, expect, it } from 'vitest';
import { signInWindows } from '../../src/modules/accounts/password-sign-in';

describe('the windows a password sign-in takes a slot in', () => {
  it('keys a known client by account + client and by client across accounts', () => {
    // Act
    const windows = signInWindows(' Ada@Example.com ', '127.0.0.9');

    // Assess
    expect(windows.map((window) => [window.key, window.limit])).toEqual([
      ['login#account-client#ada@example.com#127.0.0.9', 5],
      ['login#client#127.0.0.9', 20],
    ]);
  });

  it('keys an unknown client (the Cognito trigger) by the account alone, with no shared window', () => {
    // Act
    const windows = signInWindows('ada@example.com', null);

    // Assess
    expect(windows.map((window) => [window.key, window.limit])).toEqual([
      ['login#account#ada@example.com', 5],
    ]);
  });
});
