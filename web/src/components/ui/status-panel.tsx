import type { ReactNode } from 'react';
import './status-panel.css';

interface StatusPanelProps {
  eyebrow: string;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  /** Large decorative icon above the heading (an SVG from ui/icons). */
  icon?: ReactNode;
  tone?: 'neutral' | 'danger';
  /** Pages use h1; a panel inside a page passes 'h2'. */
  headingLevel?: 'h1' | 'h2';
}

/** The centred message card of not-found and error screens. */
export function StatusPanel({
  eyebrow,
  title,
  children,
  actions,
  icon,
  tone = 'neutral',
  headingLevel: Heading = 'h1',
}: StatusPanelProps) {
  return (
    <section className={`status-panel status-panel--${tone}`}>
      {icon ? (
        <div className="status-panel__icon" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <p className="eyebrow">{eyebrow}</p>
      <Heading className="status-panel__title">{title}</Heading>
      <div className="status-panel__body">{children}</div>
      {actions ? <div className="status-panel__actions">{actions}</div> : null}
    </section>
  );
}
