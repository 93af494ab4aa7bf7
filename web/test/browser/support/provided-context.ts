/*
 * What the stack's global setup (test/support/global-setup.ts) provides to test files. Declared
 * here too because web/ type-checks its tests on their own, without the repository's test/ folder.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The local stack's site URL, e.g. http://localhost:41234. */
    baseUrl: string;
  }
}

export {};
