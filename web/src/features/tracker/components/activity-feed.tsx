import { useId } from 'react';
import type { ActivityItem } from '@hatchworks/shared/schemas/tracker';
import { ActivityEntry } from './activity-entry';
import './activity-feed.css';

interface ActivityFeedProps {
  items: readonly ActivityItem[];
  /** 'All projects', 'Selected project' or '{n} selected projects'. */
  subtitle: string;
  /** A new selection's entries are on their way; the old ones stay until they arrive. */
  updating: boolean;
}

/** The dashboard's 'Recent Activity' panel. */
export function ActivityFeed({ items, subtitle, updating }: ActivityFeedProps) {
  const headingId = useId();
  return (
    <section
      className="activity-feed card dashboard-panel"
      aria-labelledby={headingId}
      aria-busy={updating}
    >
      <header className="dashboard-panel__header">
        <div>
          <h2 id={headingId} className="dashboard-panel__title">
            Recent Activity
          </h2>
          <p className="dashboard-panel__subtitle">{subtitle}</p>
        </div>
      </header>
      {items.length === 0 ? (
        <p className="dashboard-panel__empty">No recent activity.</p>
      ) : (
        <ul className="activity-feed__list" aria-labelledby={headingId}>
          {items.map((item) => (
            <li key={item.id}>
              <ActivityEntry item={item} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
