/**
 * Username and display-name fallbacks for a new user (spec 7, user verification): the display
 * name falls back to the email; the username to the nickname, else the part of the email before
 * the @, else 'user' — cleaned to the username rules (3–30 of letters, digits, '_', '.', '-').
 */
export function fallbackUsername(...candidates: (string | undefined)[]): string {
  for (const candidate of candidates) {
    const cleaned = (candidate ?? '')
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9_.-]+/g, '')
      .slice(0, 30);
    if (cleaned.length >= 3) return cleaned;
    if (cleaned.length > 0) return `${cleaned}${'_'.repeat(3 - cleaned.length)}`;
  }
  return 'user';
}

export function fallbackDisplayName(email: string, ...candidates: (string | undefined)[]): string {
  const name = candidates.map((candidate) => candidate?.trim()).find((candidate) => candidate);
  return (name ?? email).slice(0, 60);
}

/** The part of an email address before the @. */
export const emailLocalPart = (email: string) => email.split('@')[0] ?? '';
