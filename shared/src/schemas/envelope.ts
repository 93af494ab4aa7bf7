import { z } from 'zod';
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
  details: z.array(FieldErrorSchema).optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/** The success envelope: `{success: true, data}` (lists add `next_cursor` beside `data`). */
export const successEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), data });

export const pageEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), data, next_cursor: z.string().nullable() });

/**
 * The query of every paginated list: `limit` (1..100, default 50) and an opaque `cursor` taken from
 * the previous page's `next_cursor`.
 */
export const PageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.defaultPageSize),
  cursor: z.string().max(2048).optional(),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;
