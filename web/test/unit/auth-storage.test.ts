import { describe, expect, it } from 'vitest';
import type { User } from '@hatchworks/shared/schemas/users';
import {
  AUTH_STORAGE_KEYS,
  clearPersistedAuth,
  readPersistedAuth,
  updatePersistedUser,
  writePersistedAuth,
  type KeyValueStorage,
} from '../../src/lib/auth-storage';

const user: User = {
  id: '01HZX',
  email: 'ada@example.test',
  username: 'ada',
  display_name: 'Ada',
  role: 'user',
  is_verified: false,
  has_password: true,
  egg_balance: 500,
  can_claim_daily: false,
  member_since: '2025-01-02T00:00:00.000Z',
  stats: { features_created: 1, votes_cast: 2 },
};

function memoryStorage(entries: Record<string, string> = {}): KeyValueStorage & {
  entries: Map<string, string>;
} {
  const map = new Map(Object.entries(entries));
  return {
    entries: map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

describe('persisted auth state', () => {
  it('stores {user, token, authenticated} under featureRequestAuth and the token under token', () => {
    // Prepare
    const storage = memoryStorage();

    // Act
    writePersistedAuth(user, 'tkn', storage);

    // Assess
    expect(JSON.parse(storage.entries.get('featureRequestAuth') ?? '')).toEqual({
      user,
      token: 'tkn',
      authenticated: true,
    });
    expect(storage.entries.get('token')).toBe('tkn');
    expect(readPersistedAuth(storage)).toEqual({ user, token: 'tkn', authenticated: true });
  });

  it('reads nothing from a missing, broken or signed-out record', () => {
    expect(readPersistedAuth(memoryStorage())).toBeNull();
    expect(readPersistedAuth(memoryStorage({ featureRequestAuth: '{nope' }))).toBeNull();
    expect(
      readPersistedAuth(memoryStorage({ featureRequestAuth: JSON.stringify({ user: 1 }) })),
    ).toBeNull();
    expect(
      readPersistedAuth(
        memoryStorage({
          featureRequestAuth: JSON.stringify({ user, token: 'x', authenticated: false }),
        }),
      ),
    ).toBeNull();
  });

  it('replaces the user and keeps the token', () => {
    // Prepare
    const storage = memoryStorage();
    writePersistedAuth(user, 'tkn', storage);

    // Act
    updatePersistedUser({ ...user, username: 'lovelace' }, storage);

    // Assess
    expect(readPersistedAuth(storage)?.user?.username).toBe('lovelace');
    expect(readPersistedAuth(storage)?.token).toBe('tkn');
  });

  it('clears the token, the user and the local user and admin flags on logout', () => {
    // Prepare
    const storage = memoryStorage({ user: '{}', isAdmin: 'true', other: 'kept' });
    writePersistedAuth(user, 'tkn', storage);

    // Act
    clearPersistedAuth(storage);

    // Assess
    for (const key of Object.values(AUTH_STORAGE_KEYS))
      expect(storage.entries.has(key)).toBe(false);
    expect(storage.entries.get('other')).toBe('kept');
  });
});
