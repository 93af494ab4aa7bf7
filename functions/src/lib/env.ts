import { z } from 'zod';

const EnvSchema = z.object({
  TABLE_NAME: z.string().min(1),
  /** Set only locally and in tests: where DynamoDB Local listens. */
  DYNAMODB_ENDPOINT: z.url().optional(),
  AWS_REGION: z.string().min(1).default('us-east-1'),
  /** 'true' makes every DynamoDB call report its consumed capacity in the logs (bench/debug). */
  LOG_CONSUMED_CAPACITY: z.enum(['true', 'false']).default('false'),
  /**
   * The private key that signs the product's own tokens, only in token-issuing functions: a
   * private ES256 JWK given directly (local stack, tests)...
   */
  TOKEN_SIGNING_KEY: z.string().min(1).optional(),
  /** ...or a Secrets Manager secret holding a JWK Set, read once per cold start (AWS). */
  TOKEN_SIGNING_KEY_ARN: z.string().min(1).optional(),
  /** The public JWK Set that verifies the product's own tokens (every token-verifying function). */
  TOKEN_VERIFY_KEYS: z.string().min(1).optional(),
  /** Lifetime of the product's own tokens, in seconds (no refresh: see the README). */
  AUTH_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(3600),
  /**
   * The value CloudFront sends in `x-origin-verify` (AWS only): when set, requests without it are
   * refused, and only then is CloudFront's viewer address believed. Unset locally.
   */
  ORIGIN_VERIFY_SECRET: z.string().min(32).optional(),
  /**
   * The anonymous tracker cookie's HMAC key, directly (locally) or as a secret (AWS); read by
   * `secretValue('ANONYMOUS_ID_KEY')`, listed here so a short key fails fast.
   */
  ANONYMOUS_ID_KEY: z.string().min(32).optional(),
  ANONYMOUS_ID_KEY_ARN: z.string().min(1).optional(),
  /** The hosted login's OpenID issuer (local oidc-provider, Cognito or an external IdP). */
  AUTH_ISSUER: z.url().optional(),
  /** Expected `aud` of the IdP's access tokens (resource indicator); omit when the IdP sets none. */
  AUTH_AUDIENCE: z.string().min(1).optional(),
  /** Expected `client_id` claim of the IdP's access tokens (Cognito puts the client here). */
  AUTH_CLIENT_ID: z.string().min(1).optional(),
  /** Failed logins allowed per account and per client within the window below. */
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
