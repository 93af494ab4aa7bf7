import type { TrackerStats } from '@hatchworks/shared/schemas/tracker';
import './stats-strip.css';

/** Spec 2: the four tiles and their labels, in the spec's order. */
export function statTiles(stats: TrackerStats) {
  return [
    { label: 'Total Projects', value: stats.projects.total, tone: 'projects' },
    { label: 'Feature Requests', value: stats.feature_requests.total, tone: 'requests' },
    { label: 'Open Requests', value: stats.feature_requests.open, tone: 'open' },
    { label: 'Completed', value: stats.feature_requests.completed, tone: 'completed' },
  ] as const;
}

/**
 * The statistics strip. The figures are site-wide whatever the project selection (the API keeps
 * no per-project totals), and the strip says so while projects are selected.
 */
export function StatsStrip({ stats, filtered }: { stats: TrackerStats; filtered: boolean }) {
  return (
    <section className="stats-strip" aria-label="Statistics">
      <dl className="stats-strip__tiles">
        {statTiles(stats).map((tile) => (
          <div key={tile.label} className={`stats-strip__tile stats-strip__tile--${tile.tone}`}>
            <dt className="stats-strip__label">{tile.label}</dt>
            <dd className="stats-strip__value">{tile.value.toLocaleString('en-US')}</dd>
          </div>
        ))}
      </dl>
      {filtered ? <p className="stats-strip__note">Statistics cover all projects.</p> : null}
    </section>
  );
}
