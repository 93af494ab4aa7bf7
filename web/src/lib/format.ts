/** Site-wide text helpers with no React in them, so they stay trivially testable. */

/** `Requires node >=20 · npm >=10`, or an empty string when there is nothing to require. */
export function formatBuildTools(buildTools: Readonly<Record<string, string>>): string {
  const entries = Object.entries(buildTools).filter(([tool, version]) => tool && version);
  if (entries.length === 0) return '';
  return `Requires ${entries.map(([tool, version]) => `${tool} ${version}`).join(' · ')}`;
}

/** Versions are shown as `v1.2.0`; a stored `v1.2.0` must not become `vv1.2.0`. */
export function formatVersion(version: string): string {
  return `v${version.trim().replace(/^v/i, '')}`;
}

/** A calendar date for people: `March 4, 2025`; the raw text when it is not a date. */
export function formatDate(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
