import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { TrackerStats, TrackerStatus } from '@hatchworks/shared/schemas/tracker';
import './stats-strip.css';
import { formatCount } from '../../../lib/format';
import { paths } from '../../../config/paths';
import { FILTER_PARAMS } from '../utils/request-filters';
import { PROJECT_PICKER_ID } from './project-picker';

/** /tracker/requests filtered to one status, or unfiltered: the list a request count counts. */
export function requestsHref(status?: TrackerStatus): string {
  if (!status) return paths.trackerRequests.path;
  const query = new URLSearchParams({ [FILTER_PARAMS.status]: status });
  return `${paths.trackerRequests.path}?${query.toString()}`;
}

/** Every project is a toggle of the project picker on the same page. */
const PROJECTS_HREF = `#${PROJECT_PICKER_ID}`;

/** The four tiles, in the product's order: label, number and the list that number counts. */
export function statTiles(stats: TrackerStats) {
  const requests = stats.feature_requests;
  return [
    { label: 'Total Projects', value: stats.projects.total, tone: 'projects', href: PROJECTS_HREF },
    { label: 'Feature Requests', value: requests.total, tone: 'requests', href: requestsHref() },
    { label: 'Open Requests', value: requests.open, tone: 'open', href: requestsHref('Open') },
    {
      label: 'Completed',
      value: requests.completed,
      tone: 'completed',
      href: requestsHref('Completed'),
    },
  ] as const;
}

/**
 * The terms of the line under the tiles: every tracker request has exactly one of the status
 * filter's statuses, so 'Feature Requests' is the sum of one count per status.
 */
export function statsTerms(stats: TrackerStats) {
  const requests = stats.feature_requests;
  return [
    { words: 'open', value: requests.open, href: requestsHref('Open') },
    { words: 'planned', value: requests.planned, href: requestsHref('Planned') },
    { words: 'in progress', value: requests.in_progress, href: requestsHref('In Progress') },
    { words: 'completed', value: requests.completed, href: requestsHref('Completed') },
    { words: 'closed', value: requests.closed, href: requestsHref('Closed') },
  ] as const;
}

/** The line under the tiles as text: '7 tracker requests = 4 open + 1 planned + …'. */
export function statsSum(stats: TrackerStats): string {
  const terms = statsTerms(stats).map((term) => `${formatCount(term.value)} ${term.words}`);
  return `${formatCount(stats.feature_requests.total)} tracker requests = ${terms.join(' + ')}`;
}

/** A tile's link: a route through the router, a `#part` of this page as a plain anchor. */
function TileLink({
  href,
  className,
  children,
}: {
  href: string;
  className: string;
  children: ReactNode;
}) {
  return href.startsWith('#') ? (
    <a href={href} className={className}>
      {children}
    </a>
  ) : (
    <Link to={href} className={className}>
      {children}
    </Link>
  );
}

/**
 * The statistics strip. Each tile is a link to the list it counts, and its number is that list's
 * length ('Total Projects' points at the project picker, which lists every project): the request counts are the tracker's own requests (the egg board counts its requests on
 * its own page), by the status filter's statuses. The figures are site-wide whatever the project
 * selection (the API keeps no per-project totals), so the links name no project either.
 */
export function StatsStrip({ stats, filtered }: { stats: TrackerStats; filtered: boolean }) {
  return (
    <section className="stats-strip" aria-label="Statistics">
      <ul className="stats-strip__tiles">
        {statTiles(stats).map((tile) => (
          <li key={tile.label}>
            <TileLink
              href={tile.href}
              className={`stats-strip__tile stats-strip__tile--${tile.tone}`}
            >
              <span className="stats-strip__label">{tile.label}</span>
              <span className="stats-strip__value">{formatCount(tile.value)}</span>
            </TileLink>
          </li>
        ))}
      </ul>
      <p className="stats-strip__note stats-strip__sum">
        <Link to={requestsHref()}>
          {formatCount(stats.feature_requests.total)} tracker requests
        </Link>{' '}
        ={' '}
        {statsTerms(stats).map((term, index) => (
          <span key={term.words}>
            {index > 0 ? ' + ' : null}
            <Link to={term.href}>
              {formatCount(term.value)} {term.words}
            </Link>
          </span>
        ))}
      </p>
      <p className="stats-strip__note">
        Requests submitted on this tracker. The egg board&apos;s feature requests are counted on its
        own page.
        {filtered ? ' Statistics cover all projects.' : null}
      </p>
    </section>
  );
}
