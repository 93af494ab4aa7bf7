/** The UTC calendar day (YYYY-MM-DD) of an instant: the unit of the daily egg claim. */
export const utcDay = (now: Date): string => now.toISOString().slice(0, 10);

/** The next midnight UTC after `now`, as ISO 8601: when the next day's claim opens. */
export const nextUtcDayStart = (now: Date): string =>
  new Date(new Date(now).setUTCHours(24, 0, 0, 0)).toISOString();
