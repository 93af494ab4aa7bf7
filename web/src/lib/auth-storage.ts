import { UserSchema, type User } from '@hatchworks/shared/schemas/users';
import * as z from '@hatchworks/shared/zod';

/**
 * Local-storage keys of the persisted auth state: the feature-request auth record, the
 * token on its own, and the two older flags a logout must also clear.
 */
export const AUTH_STORAGE_KEYS = {
  state: 'featureRequestAuth',
  token: 'token',
  user: 'user',
  admin: 'isAdmin',
} as const;

const PersistedAuthSchema = z.object({
  user: z.nullable(UserSchema),
  token: z.nullable(z.string()),
  authenticated: z.boolean(),
});

/** What survives a reload: the signed-in user, the bearer token and whether someone is in. */
export type PersistedAuth = z.infer<typeof PersistedAuthSchema>;

/** The subset of `Storage` these helpers use, so tests can hand in a plain map. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function defaultStorage(): KeyValueStorage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage can be blocked (privacy settings); the session then lasts one page view.
    return undefined;
  }
}

/**
 * The persisted auth state, or null when there is none or it is unreadable (old shape, edited by
 * hand): a broken record must never keep the app from starting.
 */
export function readPersistedAuth(
  storage: KeyValueStorage | undefined = defaultStorage(),
): PersistedAuth | null {
  const raw = storage?.getItem(AUTH_STORAGE_KEYS.state);
  if (!raw) return null;
  try {
    const parsed = PersistedAuthSchema.safeParse(JSON.parse(raw));
    return parsed.success && parsed.data.authenticated && parsed.data.token ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Stores the signed-in user and token, the token also under its own key. */
export function writePersistedAuth(
  user: User,
  token: string,
  storage: KeyValueStorage | undefined = defaultStorage(),
): void {
  if (!storage) return;
  const state: PersistedAuth = { user, token, authenticated: true };
  storage.setItem(AUTH_STORAGE_KEYS.state, JSON.stringify(state));
  storage.setItem(AUTH_STORAGE_KEYS.token, token);
}

/** Replaces the stored user (after a profile change or refresh), keeping the token. */
export function updatePersistedUser(
  user: User,
  storage: KeyValueStorage | undefined = defaultStorage(),
): void {
  const current = readPersistedAuth(storage);
  if (current?.token) writePersistedAuth(user, current.token, storage);
}

/** Logout: token, user and the local user and admin flags all go. */
export function clearPersistedAuth(storage: KeyValueStorage | undefined = defaultStorage()): void {
  if (!storage) return;
  for (const key of Object.values(AUTH_STORAGE_KEYS)) storage.removeItem(key);
}
