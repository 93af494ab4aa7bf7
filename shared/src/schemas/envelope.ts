import * as z from '../zod';
import { LIMITS } from '../constants';

/** One field problem reported with a 400 VALIDATION_ERROR. */
export const FieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof FieldErrorSchema>;

/** The failure envelope every route answers with. */
export const ErrorEnvelopeSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.string(),
  details: z.optional(z.array(FieldErrorSchema)),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/** The success envelope: `{success: true, data}` (lists add `next_cursor` beside `data`). */
export const successEnvelope = <T extends z.ZodMiniType>(data: T) =>
  z.object({ success: z.literal(true), data });

export const pageEnvelope = <T extends z.ZodMiniType>(data: T) =>
  z.object({ success: z.literal(true), data, next_cursor: z.nullable(z.string()) });

/**
 * The query of every paginated list: `limit` (1..100, default 50) and an opaque `cursor` taken from
 * the previous page's `next_cursor`.
 */
export const PageQuerySchema = z.object({
  limit: z._default(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(LIMITS.maxPageSize)),
    LIMITS.defaultPageSize,
  ),
  cursor: z.optional(z.string().check(z.maxLength(2048))),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;
