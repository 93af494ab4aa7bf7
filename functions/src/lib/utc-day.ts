/** The UTC calendar day (YYYY-MM-DD) of an instant: the unit of the daily egg claim. */
export const utcDay = (now: Date): string => now.toISOString().slice(0, 10);
