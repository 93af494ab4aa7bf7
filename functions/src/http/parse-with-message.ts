import type * as z from 'zod/mini';
import { ValidationError } from '../lib/errors';

/**
 * Parses a body whose rules have user-facing messages of their own: the first problem's
 * message becomes the error message, every problem stays in `details`.
 */
export function parseWithMessage<S extends z.ZodMiniType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.join('.') : 'body',
    message: issue.message,
  }));
  throw new ValidationError(details, details[0]?.message);
}
