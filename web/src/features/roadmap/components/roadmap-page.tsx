import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { Roadmap, RoadmapCard, RoadmapColumnName } from '@hatchworks/shared/schemas/roadmap';
import { ROADMAP_LIMITS } from '@hatchworks/shared/schemas/roadmap';
import { Badge } from '../../../components/ui/badge';
import { CommentCount } from '../../../components/ui/comment-count';
import { DocumentTitle } from '../../../components/ui/document-title';
import { EggIcon } from '../../../components/ui/icons';
import { LoadingState } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { formatCount, formatDate } from '../../../lib/format';
import { useLiveSearchParams } from '../../../lib/live-search-params';
import { ProjectSelect } from '../../../components/ui/project-select';
import { FilterBox } from '../../../components/ui/filter-box';
import { ROADMAP_FALLBACK_MESSAGE, useRoadmap } from '../api/get-roadmap';
import './roadmap-page.css';

/** The URL parameter of the project filter (as on /tracker/requests). */
export const ROADMAP_PROJECT_PARAM = 'project';

/** The columns' headings and empty texts. */
export const ROADMAP_COLUMN_TEXT: Readonly<
  Record<RoadmapColumnName, { title: string; empty: string }>
> = {
  planned: { title: 'Planned', empty: 'Nothing planned yet.' },
  in_progress: { title: 'In Progress', empty: 'Nothing in progress right now.' },
  completed: {
    title: 'Recently Completed',
    empty: `Nothing completed in the last ${ROADMAP_LIMITS.completedDays} days.`,
  },
};

const KIND_LABEL: Readonly<Record<RoadmapCard['kind'], string>> = {
  feature: 'Feature request',
  tracker_request: 'Tracker request',
};

/** The request's card: its kind, title (linking to the request), project, eggs or votes, date. */
function RoadmapCardView({ card }: { card: RoadmapCard }) {
  const titleId = useId();
  const when = card.completed_at ?? card.status_changed_at;
  return (
    <article className="roadmap-card" aria-labelledby={titleId}>
      <p className="roadmap-card__kind">
        <Badge tone={card.kind === 'feature' ? 'build' : 'static'}>{KIND_LABEL[card.kind]}</Badge>
      </p>
      <h3 id={titleId} className="roadmap-card__title">
        <Link to={card.link}>{card.title}</Link>
      </h3>
      <ul className="roadmap-card__meta">
        {card.project ? (
          <li>
            <span className="visually-hidden">Project: </span>
            {card.project.title}
          </li>
        ) : null}
        <li className="roadmap-card__support">
          {card.eggs !== null ? (
            <>
              <EggIcon />
              {formatCount(card.eggs)} {card.eggs === 1 ? 'egg' : 'eggs'}
            </>
          ) : (
            <>
              {formatCount(card.votes ?? 0)} {Math.abs(card.votes ?? 0) === 1 ? 'vote' : 'votes'}
            </>
          )}
        </li>
        <li>
          <CommentCount count={card.comment_count} href={card.link} />
        </li>
        <li>
          {card.completed_at ? 'Completed ' : 'Since '}
          <time dateTime={when}>{formatDate(when)}</time>
        </li>
      </ul>
    </article>
  );
}

function RoadmapColumnView({ column, roadmap }: { column: RoadmapColumnName; roadmap: Roadmap }) {
  const headingId = useId();
  const cards = roadmap[column];
  const text = ROADMAP_COLUMN_TEXT[column];
  return (
    <section className={`roadmap-column roadmap-column--${column}`} aria-labelledby={headingId}>
      <h2 id={headingId} className="roadmap-column__title">
        {text.title} <span className="roadmap-column__count">{cards.length}</span>
      </h2>
      {cards.length === 0 ? (
        <p className="roadmap-column__empty">{text.empty}</p>
      ) : (
        <ul className="roadmap-column__list">
          {cards.map((card) => (
            <li key={`${card.kind}:${card.id}`}>
              <RoadmapCardView card={card} />
            </li>
          ))}
        </ul>
      )}
      {roadmap.more[column] ? (
        <p className="roadmap-column__more">Showing the latest {ROADMAP_LIMITS.perColumn}.</p>
      ) : null}
    </section>
  );
}

/**
 * `/roadmap`: what the studio plans, builds and has recently shipped, from the public tracker's
 * requests and the egg-funded feature requests, in three columns (stacked on phones). The project
 * filter lives in the URL (`?project=`), as on the tracker.
 */
export function RoadmapPage() {
  const { params, update } = useLiveSearchParams();
  const projectId = params.get(ROADMAP_PROJECT_PARAM) || undefined;
  const roadmap = useRoadmap(projectId);
  const filterId = useId();

  const setProject = (project: string) =>
    update((current) => {
      const next = new URLSearchParams(current);
      if (project) next.set(ROADMAP_PROJECT_PARAM, project);
      else next.delete(ROADMAP_PROJECT_PARAM);
      return next;
    });

  return (
    <div className="container page roadmap-page">
      <DocumentTitle title={paths.roadmap.title} />
      <header className="roadmap-page__header">
        <p className="eyebrow">Public roadmap</p>
        <h1>{paths.roadmap.title}</h1>
        <p className="lede">
          What the studio has planned, what it is building now, and what shipped in the last{' '}
          {ROADMAP_LIMITS.completedDays} days, from the public tracker and the egg-funded feature
          requests. What each release closed is in the{' '}
          <Link to={paths.changelog.path}>changelog</Link>.
        </p>
      </header>

      <FilterBox className="roadmap-filters">
        <div className="field roadmap-filters__field">
          <label className="field__label" htmlFor={filterId}>
            Project
          </label>
          <ProjectSelect
            id={filterId}
            value={projectId ?? ''}
            onChange={setProject}
            emptyLabel="All Projects"
          />
        </div>
      </FilterBox>

      {roadmap.isPending ? (
        <LoadingState label="Loading the roadmap..." />
      ) : roadmap.isError ? (
        <div className="form-error roadmap-page__error" role="alert">
          <p>Error loading the roadmap: {roadmap.error.message || ROADMAP_FALLBACK_MESSAGE}</p>
          <button
            type="button"
            className="button button--secondary button--sm"
            onClick={() => void roadmap.refetch()}
            disabled={roadmap.isFetching}
          >
            {roadmap.isFetching ? 'Trying again...' : 'Try Again'}
          </button>
        </div>
      ) : (
        <div className="roadmap-board" aria-busy={roadmap.isFetching}>
          <RoadmapColumnView column="planned" roadmap={roadmap.data} />
          <RoadmapColumnView column="in_progress" roadmap={roadmap.data} />
          <RoadmapColumnView column="completed" roadmap={roadmap.data} />
        </div>
      )}
    </div>
  );
}
