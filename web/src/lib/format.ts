/** Site-wide text helpers with no React in them, so they stay trivially testable. */

/** Versions are shown as `v1.2.0`; a stored `v1.2.0` must not become `vv1.2.0`. */
export function formatVersion(version: string): string {
  return `v${version.trim().replace(/^v/i, '')}`;
}

/*
 * Counts and dates are written by hand rather than with `Intl` or `toLocaleString`: the first use
 * of either makes the browser load its locale data, a ~20 ms pause (~80 ms on a mid-range phone)
 * in the middle of the first render of a page. The site speaks en-US only, so nothing is lost.
 */

/** An integer for people, grouped by thousands as en-US writes it: `12,345`, `-1,000`. */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const [whole = '', fraction] = String(Math.abs(value)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** A calendar date for people, in UTC: `March 4, 2025`; the raw text when it is not a date. */
export function formatDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** `1 vote`, `12 votes`: a count with its noun in the right number. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}
