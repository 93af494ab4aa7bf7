import { createContext, useContext, type ReactNode } from 'react';

/**
 * The site's 'Claim Daily' action, composed in by the app (features import no other feature), so
 * a screen that runs out of eggs can offer it where the user is.
 */
const ClaimDailySlot = createContext<ReactNode>(null);

export const ClaimDailySlotProvider = ClaimDailySlot.Provider;

/** The 'Claim Daily' action, or nothing outside the app's layout. */
export function useClaimDailySlot(): ReactNode {
  return useContext(ClaimDailySlot);
}
