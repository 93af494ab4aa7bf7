import { describe, expect, it } from 'vitest';
import {
  displayNameFor,
  emailLocalPart,
  usernameFor,
  verifyUserPayload,
} from '../../src/features/auth/utils/identity';
import { greetingName } from '../../src/features/auth/utils/greeting';

describe('verify-user payload from the ID-token profile', () => {
  it('sends the subject, email, name and nickname as given', () => {
    expect(
      verifyUserPayload({ sub: 'abc', email: 'ada@example.test', name: 'Ada L', nickname: 'ada' }),
    ).toEqual({
      auth0_id: 'abc',
      email: 'ada@example.test',
      display_name: 'Ada L',
      username: 'ada',
    });
  });

  it('falls back to the email for the display name', () => {
    expect(displayNameFor({ email: 'ada@example.test' })).toBe('ada@example.test');
    expect(displayNameFor({ name: '  ', email: 'ada@example.test' })).toBe('ada@example.test');
  });

  it('falls back to the email local part, then "user", for the username', () => {
    expect(usernameFor({ nickname: 'lovelace', email: 'ada@example.test' })).toBe('lovelace');
    expect(usernameFor({ email: 'ada.l@example.test' })).toBe('ada.l');
    expect(usernameFor({})).toBe('user');
    expect(usernameFor({ email: '@example.test' })).toBe('user');
  });

  it('takes the whole text as local part when there is no @', () => {
    expect(emailLocalPart('ada')).toBe('ada');
  });
});

describe('header greeting', () => {
  it('greets by display name, else username', () => {
    expect(greetingName({ display_name: 'Ada', username: 'ada' })).toBe('Ada');
    expect(greetingName({ display_name: ' ', username: 'ada' })).toBe('ada');
  });
});
