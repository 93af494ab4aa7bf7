/** What the stack global setup provides to tests through `inject()`. */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The local stack's site URL, e.g. http://localhost:41234. */
    baseUrl: string;
    dynamoEndpoint: string;
    tableName: string;
    /** The stack's mail sink (SMTP on loopback), where its handlers deliver every mail. */
    smtpHost: string;
    smtpPort: number;
    /** The functions' key of person hashes, so a test's own data layer hashes as they do. */
    identityHashKey: string;
  }
}

export {};
