import * as z from '../zod';

/**
 * Answer of `POST /api/user/claim-daily-eggs`. A module of its own: the header's claim button
 * loads with every page, and a bundle keeps every schema of a module it imports from.
 */
export const DailyClaimResultSchema = z.object({
  eggs_earned: z.number().check(z.int()),
  new_balance: z.number().check(z.int()),
  /**
   * When the next claim opens (ISO 8601): the next midnight UTC, since days are UTC days. Absent
   * from a repeated claim whose stored answer predates the field; the profile read after it has it.
   */
  next_claim_at: z.optional(z.string()),
});
export type DailyClaimResult = z.infer<typeof DailyClaimResultSchema>;
