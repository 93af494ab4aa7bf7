import type { ReactNode } from 'react';
import './card-meta.css';

/**
 * A card's one muted line of facts (status badge first, then project, priority, date...): the
 * items are `<li>`s, separated by a middle dot, each kept whole when the line wraps on a phone.
 */
export function CardMeta({ label = 'Details', children }: { label?: string; children: ReactNode }) {
  return (
    <ul className="card-meta" aria-label={label}>
      {children}
    </ul>
  );
}
