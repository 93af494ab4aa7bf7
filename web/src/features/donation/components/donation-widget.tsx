import { useEffect } from 'react';
import { getRuntimeConfig } from '../../../config/runtime-config';
import { loadScriptOnce } from '../utils/load-script';
import { drawTipOverlay } from '../utils/tip-service';

/**
 * The tip service's floating button, on Home only. It never blocks rendering: the script
 * loads async after the page is up, and any failure just leaves the widget out.
 */
export function DonationWidget() {
  const { donation } = getRuntimeConfig();

  useEffect(() => {
    if (!donation) return undefined;
    let active = true;
    const before = new Set<Element>(Array.from(document.body.children));
    loadScriptOnce(donation.scriptUrl)
      .then(() => {
        if (active) drawTipOverlay(donation);
      })
      .catch((error: unknown) => console.warn('Donation widget unavailable:', error));
    return () => {
      active = false;
      // The overlay adds its own elements to <body>; take them away when leaving Home.
      for (const element of Array.from(document.body.children)) {
        if (!before.has(element) && element.tagName !== 'SCRIPT') element.remove();
      }
    };
  }, [donation]);

  return null;
}
