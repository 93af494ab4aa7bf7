import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `stages` parts of a screen to draw: none until `ready`, then one more after each
 * paint. A screen whose parts all arrive at once is then laid out and painted a part at a time,
 * in short tasks that leave a phone free to answer a tap in between, instead of in one long one.
 * Parts come top to bottom, so nothing drawn moves when the next one appears. A tab in the
 * background paints nothing, and draws its next part once shown.
 */
export function useStagedReveal(stages: number, ready: boolean): number {
  const [shown, setShown] = useState(0);
  const drawn = ready ? Math.max(shown, 1) : 0;
  useEffect(() => {
    if (drawn === 0 || drawn >= stages) return;
    let timer: number | undefined;
    // After the next frame has been painted: its task comes after that frame's rendering.
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setShown(drawn + 1)));
    });
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [drawn, stages]);
  return drawn;
}
