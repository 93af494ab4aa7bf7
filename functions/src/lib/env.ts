import { z } from 'zod';

const EnvSchema = z.object({
  TABLE_NAME: z.string().min(1),
  /** Set only locally and in tests: where DynamoDB Local listens. */
  DYNAMODB_ENDPOINT: z.url().optional(),
  AWS_REGION: z.string().min(1).default('us-east-1'),
  /** 'true' makes every DynamoDB call report its consumed capacity in the logs (bench/debug). */
  LOG_CONSUMED_CAPACITY: z.enum(['true', 'false']).default('false'),
  /** The product's own token key, given directly (local stack, tests)... */
  AUTH_TOKEN_SECRET: z.string().min(32).optional(),
  /** ...or as a Secrets Manager secret read once per cold start (AWS). */
  AUTH_TOKEN_SECRET_ARN: z.string().min(1).optional(),
  /** Lifetime of the product's own tokens, in seconds. */
  AUTH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24 * 3600),
  /** The hosted login's OpenID issuer (local oidc-provider, Cognito or an external IdP). */
  AUTH_ISSUER: z.url().optional(),
  /** Expected `aud` of the IdP's access tokens (resource indicator); omit when the IdP sets none. */
  AUTH_AUDIENCE: z.string().min(1).optional(),
  /** Expected `client_id` claim of the IdP's access tokens (Cognito puts the client here). */
  AUTH_CLIENT_ID: z.string().min(1).optional(),
  /**
   * Failed logins allowed per account and client, and per client across accounts, within the
   * window below (a slot is taken before the password is checked and given back on success).
   */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILURES_PER_CLIENT: z.coerce.number().int().positive().default(20),
  LOGIN_FAILURE_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
});

export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

/**
 * The function's configuration, read and checked once. A missing or malformed variable fails fast
 * with every problem listed at once.
 */
export function env(): Env {
  if (cached) return cached;
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid function configuration: ${problems.join('; ')}`);
  }
  cached = parsed.data;
  return cached;
}
