import { z } from 'zod';

const EnvSchema = z.object({
  TABLE_NAME: z.string().min(1),
  /** Set only locally and in tests: where DynamoDB Local listens. */
  DYNAMODB_ENDPOINT: z.url().optional(),
  AWS_REGION: z.string().min(1).default('us-east-1'),
  /** 'true' makes every DynamoDB call report its consumed capacity in the logs (bench/debug). */
  LOG_CONSUMED_CAPACITY: z.enum(['true', 'false']).default('false'),
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
