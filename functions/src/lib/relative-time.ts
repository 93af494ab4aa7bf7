const UNITS = [
  { name: 'year', seconds: 365 * 24 * 3600 },
  { name: 'month', seconds: 30 * 24 * 3600 },
  { name: 'day', seconds: 24 * 3600 },
  { name: 'hour', seconds: 3600 },
  { name: 'minute', seconds: 60 },
] as const;

/**
 * How long ago `then` was, in words: 'just now' under a minute (and for times a skewed clock puts
 * in the future), then '1 minute ago', '5 hours ago', '2 days ago', '3 months ago', '1 year ago'
 * (whole units, rounded down; a month is 30 days).
 */
export function relativeTime(then: Date, now: Date = new Date()): string {
  const elapsed = Math.floor((now.getTime() - then.getTime()) / 1000);
  for (const unit of UNITS) {
    const count = Math.floor(elapsed / unit.seconds);
    if (count >= 1) return `${count} ${unit.name}${count === 1 ? '' : 's'} ago`;
  }
  return 'just now';
}
