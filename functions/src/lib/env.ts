import * as z from '@hatchworks/shared/zod';

/** A whole number above 0, from the environment's text, or `fallback` when unset. */
const positiveInt = (fallback: number) =>
  z._default(z.coerce.number().check(z.int(), z.positive()), fallback);

const EnvSchema = z.object({
  TABLE_NAME: z.string().check(z.minLength(1)),
  /** Set only locally and in tests: where DynamoDB Local listens. */
  DYNAMODB_ENDPOINT: z.optional(z.url()),
  AWS_REGION: z._default(z.string().check(z.minLength(1)), 'us-east-1'),
  /** 'true' makes every DynamoDB call report its consumed capacity in the logs (bench/debug). */
  LOG_CONSUMED_CAPACITY: z._default(z.enum(['true', 'false']), 'false'),
  // METRICS_NAMESPACE (the EMF metrics' namespace, set by the stack) is not checked here: lib/
  // metrics.ts reads it at each emission, so tests can switch it, and every byte here is in
  // every bundle.
  /**
   * The private key that signs the product's own tokens, only in token-issuing functions: a
   * private ES256 JWK given directly (local stack, tests)...
   */
  TOKEN_SIGNING_KEY: z.optional(z.string().check(z.minLength(1))),
  /** ...or a Secrets Manager secret holding a JWK Set, read once per cold start (AWS). */
  TOKEN_SIGNING_KEY_ARN: z.optional(z.string().check(z.minLength(1))),
  /** The public JWK Set that verifies the product's own tokens (every token-verifying function). */
  TOKEN_VERIFY_KEYS: z.optional(z.string().check(z.minLength(1))),
  /** Lifetime of the product's own tokens, in seconds (no refresh route: docs/decisions.md, "Own tokens"). */
  AUTH_TOKEN_TTL_SECONDS: positiveInt(3600),
  /**
   * The value CloudFront sends in `x-origin-verify`, directly (tests) or as the Secrets Manager
   * secret that holds it (AWS), read by `secretString('ORIGIN_VERIFY_SECRET')`: when either is
   * set, requests without it are refused, and only then is CloudFront's viewer address believed.
   * Unset locally.
   */
  ORIGIN_VERIFY_SECRET: z.optional(z.string().check(z.minLength(32))),
  ORIGIN_VERIFY_SECRET_ARN: z.optional(z.string().check(z.minLength(1))),
  /**
   * The anonymous tracker cookie's HMAC key, directly (locally) or as a secret (AWS); read by
   * `secretValue('ANONYMOUS_ID_KEY')`, listed here so a short key fails fast.
   */
  ANONYMOUS_ID_KEY: z.optional(z.string().check(z.minLength(32))),
  ANONYMOUS_ID_KEY_ARN: z.optional(z.string().check(z.minLength(1))),
  /** The hosted login's OpenID issuer (local oidc-provider, Cognito or an external IdP). */
  AUTH_ISSUER: z.optional(z.url()),
  /** Expected `aud` of the IdP's access tokens (resource indicator); omit when the IdP sets none. */
  AUTH_AUDIENCE: z.optional(z.string().check(z.minLength(1))),
  /** Expected `client_id` claim of the IdP's access tokens (Cognito puts the client here). */
  AUTH_CLIENT_ID: z.optional(z.string().check(z.minLength(1))),
  /**
   * AWS only, with the stack's own Cognito login: the user pool that `AUTH_ISSUER` names (its
   * client is `AUTH_CLIENT_ID`). An account made for one of its identities keeps its password
   * there, and the functions that act on passwords (`passwordStore` in the route manifest) check,
   * set and sign out through it.
   */
  USER_POOL_ID: z.optional(z.string().check(z.minLength(1))),
  /**
   * Failed logins allowed per account and client, and per client across accounts, within the
   * window below (a slot is taken before the password is checked and given back on success).
   */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: positiveInt(5),
  LOGIN_MAX_FAILURES_PER_CLIENT: positiveInt(20),
  LOGIN_FAILURE_WINDOW_SECONDS: positiveInt(15 * 60),
  /**
   * How `sendMail` delivers (`functions/src/modules/mail/mail.ts`): `smtp` locally (the local stack's mail
   * sink), `ses` on AWS. Unset in functions that send no mail.
   */
  MAIL_TRANSPORT: z.optional(z.enum(['smtp', 'ses'])),
  /** The SMTP server of the `smtp` transport (the local stack sets both). */
  SMTP_HOST: z.optional(z.string().check(z.minLength(1))),
  SMTP_PORT: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(65535))),
  /** The sender of every mail, `address` or `Name <address>`. */
  MAIL_FROM: z.optional(
    z
      .string()
      .check(
        z.regex(/^[^\r\n]*@[^\r\n]*$/, 'must be an email address, optionally as "Name <address>"'),
      ),
  ),
  /** SES only: the sending identity's ARN when it must be named (sending authorization). */
  MAIL_IDENTITY_ARN: z.optional(z.string().check(z.startsWith('arn:'))),
  /** The site's absolute origin, for the links in mails (e.g. `https://hatchworks.example`). */
  SITE_URL: z.optional(z.url()),
  /**
   * Other origins the site serves (comma-separated), whose requests' mails link back to them
   * (`modules/mail/site-origin.ts`); any other origin gets `SITE_URL`.
   */
  SITE_ORIGINS: z.optional(z.string()),
  /**
   * How long a person's notification mail waits for more events before it goes out (one
   * mail for everything that landed in the window). Tests set about 1 s.
   */
  NOTIFICATION_MAIL_DELAY_SECONDS: z._default(
    z.coerce.number().check(z.int(), z.gte(0), z.lte(900)),
    120,
  ),
  /** AWS only: the SQS queue that holds a notification mail for the delay (locally a timer). */
  NOTIFICATION_MAIL_QUEUE_URL: z.optional(z.url()),
  /**
   * Where the search index's snapshot lives: an S3 bucket on AWS (functions that read
   * or patch the index), a folder locally (the local stack sets it for every function).
   */
  SEARCH_SNAPSHOT_BUCKET: z.optional(z.string().check(z.minLength(3))),
  SEARCH_SNAPSHOT_DIR: z.optional(z.string().check(z.minLength(1))),
});

/** A transport without its settings is a misconfiguration, reported with the rest at start. */
const CheckedEnvSchema = EnvSchema.check(
  z.superRefine((value, context) => {
    const missing = (key: keyof typeof value, why: string) =>
      context.addIssue({ code: 'custom', path: [key], message: `required ${why}` });
    if (value.MAIL_TRANSPORT && !value.MAIL_FROM) missing('MAIL_FROM', 'with MAIL_TRANSPORT');
    if (value.MAIL_TRANSPORT === 'smtp') {
      if (!value.SMTP_HOST) missing('SMTP_HOST', 'with MAIL_TRANSPORT=smtp');
      if (!value.SMTP_PORT) missing('SMTP_PORT', 'with MAIL_TRANSPORT=smtp');
    }
  }),
);

export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

/**
 * The function's configuration, read and checked once. A missing or malformed variable fails fast
 * with every problem listed at once.
 */
export function env(): Env {
  if (cached) return cached;
  const parsed = CheckedEnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid function configuration: ${problems.join('; ')}`);
  }
  cached = parsed.data;
  return cached;
}
