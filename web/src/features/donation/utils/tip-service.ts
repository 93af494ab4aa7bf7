import type { RuntimeConfig } from '@hatchworks/shared/schemas/runtime-config';

type Donation = NonNullable<RuntimeConfig['donation']>;

/** The global the tip service's overlay script defines (modelled on Ko-fi's overlay widget). */
interface TipOverlay {
  draw(account: string, options: Readonly<Record<string, string>>): void;
}

declare global {
  interface Window {
    kofiWidgetOverlay?: TipOverlay;
  }
}

/**
 * Draws the floating donation button. Returns false when the script did not define its global
 * (blocked, changed upstream): the page simply goes without the widget.
 */
export function drawTipOverlay(donation: Donation): boolean {
  const overlay = window.kofiWidgetOverlay;
  if (typeof overlay?.draw !== 'function') return false;
  overlay.draw(donation.account, {
    type: 'floating-chat',
    'floating-chat.donateButton.text': donation.label,
    'floating-chat.donateButton.background-color': '#231c14',
    'floating-chat.donateButton.text-color': '#ffffff',
  });
  return true;
}
