/** One local stack as the global setup started it (test/support/global-setup.ts). */
export interface TestStack {
  /** The local stack's site URL, e.g. http://localhost:41234. */
  readonly baseUrl: string;
  readonly dynamoEndpoint: string;
  readonly tableName: string;
  /** The stack's mail sink (SMTP on loopback), where its handlers deliver every mail. */
  readonly smtpHost: string;
  readonly smtpPort: number;
  /** The functions' key of person hashes, so a test's own data layer hashes as they do. */
  readonly identityHashKey: string;
  /** The functions' private token key (JWK), so a fixture signs its accounts in as login does. */
  readonly tokenSigningKey: string;
}

/** What the stack global setup provides to tests through `inject()`. */
declare module 'vitest' {
  export interface ProvidedContext {
    /** One stack per parallel test worker, in worker order. */
    stacks: TestStack[];
  }
}
