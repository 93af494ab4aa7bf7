import type { TrackerStats } from '@hatchworks/shared/schemas/tracker';
import './stats-strip.css';
import { formatCount } from '../../../lib/format';

/** The four tiles and their labels, in the product's order. */
export function statTiles(stats: TrackerStats) {
  return [
    { label: 'Total Projects', value: stats.projects.total, tone: 'projects' },
    { label: 'Feature Requests', value: stats.feature_requests.total, tone: 'requests' },
    { label: 'Open Requests', value: stats.feature_requests.open, tone: 'open' },
    { label: 'Completed', value: stats.feature_requests.completed, tone: 'completed' },
  ] as const;
}

const count = formatCount;

/**
 * The line under the tiles that shows how the requests add up: every request is open, completed
 * or closed (closed or rejected), so 'Feature Requests' = 'Open Requests' + 'Completed' + closed.
 */
export function statsSum(stats: TrackerStats): string {
  const { total, open, completed, closed } = stats.feature_requests;
  return `${count(total)} feature requests = ${count(open)} open + ${count(completed)} completed + ${count(closed)} closed or rejected`;
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
            <dd className="stats-strip__value">{count(tile.value)}</dd>
          </div>
        ))}
      </dl>
      <p className="stats-strip__note stats-strip__sum">{statsSum(stats)}</p>
      {filtered ? <p className="stats-strip__note">Statistics cover all projects.</p> : null}
    </section>
  );
}
