import type { Adapter, AdapterPayload } from 'oidc-provider';
import { readJsonFile, writeJsonFile } from './json-file';

interface Entry {
  readonly model: string;
  payload: AdapterPayload;
  /** Epoch milliseconds; absent for entries that never expire. */
  readonly expiresAt?: number;
}

const epochSeconds = () => Math.floor(Date.now() / 1000);

/**
 * The provider's state (sessions, interactions, grants, codes, refresh tokens) for one local
 * user: a map in memory, written to one JSON file after every change when a file is given, so a
 * restart of `npm start` keeps people signed in. Lookups by uid or grant scan the map, which is
 * fine for the handful of entries a local run makes; a real deployment would use a database.
 */
export class StateStore {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly file?: string) {
    const saved = file ? readJsonFile<Record<string, Entry>>(file) : undefined;
    for (const [key, entry] of Object.entries(saved ?? {})) this.entries.set(key, entry);
    this.prune();
  }

  /** An oidc-provider adapter for one model (`Session`, `Grant`, `RefreshToken`, ...). */
  adapterFor(model: string): Adapter {
    const key = (id: string) => `${model}:${id}`;
    const find = (id: string) => this.live(key(id))?.payload;
    const findWhere = (test: (payload: AdapterPayload) => boolean) =>
      [...this.entries.keys()]
        .map((entryKey) => this.live(entryKey))
        .find((entry) => entry?.model === model && test(entry.payload))?.payload;

    return {
      upsert: async (id, payload, expiresIn) => {
        this.entries.set(key(id), {
          model,
          payload,
          ...(expiresIn ? { expiresAt: Date.now() + expiresIn * 1000 } : {}),
        });
        this.save();
      },
      find: async (id) => find(id),
      findByUid: async (uid) => findWhere((payload) => payload.uid === uid),
      findByUserCode: async (userCode) => findWhere((payload) => payload.userCode === userCode),
      consume: async (id) => {
        const entry = this.live(key(id));
        if (!entry) return;
        entry.payload = { ...entry.payload, consumed: epochSeconds() };
        this.save();
      },
      destroy: async (id) => {
        this.entries.delete(key(id));
        this.save();
      },
      revokeByGrantId: async (grantId) => {
        for (const [entryKey, entry] of this.entries) {
          if (entry.payload.grantId === grantId) this.entries.delete(entryKey);
        }
        this.save();
      },
    };
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry?.expiresAt !== undefined && entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private prune(): void {
    for (const key of [...this.entries.keys()]) this.live(key);
  }

  private save(): void {
    if (!this.file) return;
    this.prune();
    writeJsonFile(this.file, Object.fromEntries(this.entries));
  }
}
