/** Why the person was signed out: shown once on the page the sign-out ends on. */
export type SignOutReason = 'signed_out' | 'account_deleted' | 'everywhere' | 'session_ended';

const KEY = 'hatchworks.signedOut';

const MESSAGES: Record<SignOutReason, string> = {
  signed_out: 'You are signed out.',
  account_deleted: 'Your account was deleted.',
  everywhere: 'You were signed out everywhere.',
  session_ended:
    'You were signed out: your password was changed or every session was ended. Sign in again to go on.',
};

/**
 * Remembers the reason across the provider's redirect (per tab, in sessionStorage, which no
 * sign-out clears).
 */
export function rememberSignOut(reason: SignOutReason): void {
  try {
    sessionStorage.setItem(KEY, reason);
  } catch {
    // Storage may be unavailable; the sign-out still happens, only without the sentence.
  }
}

/** The sentence to show for a sign-out that ended on this page, or null. */
export function pendingSignOutNotice(): string | null {
  try {
    const reason = sessionStorage.getItem(KEY);
    return reason && reason in MESSAGES ? MESSAGES[reason as SignOutReason] : null;
  } catch {
    return null;
  }
}

/** Forgets the reason once its sentence is on screen, so a reload does not show it again. */
export function clearSignOutNotice(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}
