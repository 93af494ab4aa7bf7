import * as z from '../zod';
import { FEATURE_STATUSES } from './features';
import { noHiddenCharacters } from './text';

export { DailyClaimResultSchema, type DailyClaimResult } from './daily-claim';

export const LEDGER_KINDS = [
  'welcome',
  'daily_claim',
  'feature_creation',
  'vote',
  'refund',
  'admin_adjustment',
  /** A vote moved by a merge (amount 0; `moved` tells the eggs and both requests). */
  'vote_moved',
  /** A moved vote put back by an unmerge (amount 0). */
  'vote_restored',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** What a ledger entry tells of the feature request it is about. */
export const LedgerFeatureSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(FEATURE_STATUSES),
  project_id: z.string(),
});
export type LedgerFeature = z.infer<typeof LedgerFeatureSchema>;

/** One immutable entry of a user's egg ledger. */
export const LedgerEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(LEDGER_KINDS),
  /** Signed: positive grants, negative spends. */
  amount: z.number().check(z.int()),
  /** What caused it: 'welcome', the UTC day of a claim, a feature id, ... */
  reference: z.string(),
  balance_after: z.number().check(z.int()),
  created_at: z.string(),
  /**
   * The feature request a `feature_creation`, `vote` or `refund` entry is about, joined when the
   * ledger is read (`GET /api/user/transactions`); `null` when the caller may not see it or it
   * is gone. Absent on other kinds and other answers.
   */
  feature: z.optional(z.nullable(LedgerFeatureSchema)),
  /**
   * On `vote_moved` and `vote_restored` entries: the eggs of the vote that moved from
   * one request to another. The balance does not change (amount 0); `reference` is `into_id`.
   */
  moved: z.optional(
    z.object({ eggs: z.number().check(z.int()), from_id: z.string(), into_id: z.string() }),
  ),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

/** `data` of `GET /api/user/transactions`, newest first. */
export const LedgerPageSchema = z.object({ transactions: z.array(LedgerEntrySchema) });
export type LedgerPage = z.infer<typeof LedgerPageSchema>;

/**
 * The `Idempotency-Key` header of money-moving POSTs: 1–36 printable ASCII characters (it
 * becomes part of DynamoDB's ClientRequestToken, which allows 36).
 */
export const IdempotencyKeySchema = z
  .string()
  .check(z.regex(/^[\x20-\x7e]{1,36}$/, 'Idempotency-Key must be 1 to 36 printable characters'));

/** Body of `POST /api/admin/users/{id}/eggs`. */
export const EggAdjustmentInputSchema = z.object({
  amount: z.number().check(
    z.int('Amount must be a whole number'),
    z.refine((amount) => amount !== 0, 'Amount may not be 0'),
    z.refine((amount) => Math.abs(amount) <= 1_000_000, 'Amount is too large'),
  ),
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'A reason is required'),
      z.maxLength(500),
      noHiddenCharacters('The reason'),
    ),
});

export const EggAdjustmentResultSchema = z.object({
  user_id: z.string(),
  amount: z.number().check(z.int()),
  new_balance: z.number().check(z.int()),
});
export type EggAdjustmentResult = z.infer<typeof EggAdjustmentResultSchema>;

/** The `{id}` of `POST /api/admin/users/{id}/eggs`: the user whose balance changes. */
export const EggAdjustmentParamsSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
});
