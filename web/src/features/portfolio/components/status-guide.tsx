import { Badge } from '../../../components/ui/badge';
import { stageBadge, statusBadge } from '../utils/badge-styles';
import './status-guide.css';

/** The legend texts are product copy; keep them word for word. */
const STATUS_LEGEND = [
  { value: 'non-working', meaning: 'in development, not yet functional' },
  { value: 'MVP', meaning: 'minimum viable product, basic features working' },
  { value: 'fully-working', meaning: 'version 1.0+, production ready' },
] as const;

const STAGE_LEGEND = [
  { value: 'Static', meaning: 'HTML/CSS/JS only' },
  { value: 'React', meaning: 'modern React frontend' },
  { value: 'Backend', meaning: 'API and database integration' },
  { value: 'Auth', meaning: 'user authentication system' },
] as const;

function LegendList({
  entries,
  badgeFor,
}: {
  entries: readonly { value: string; meaning: string }[];
  badgeFor: typeof statusBadge;
}) {
  return (
    <dl className="status-guide__list">
      {entries.map(({ value, meaning }) => {
        const badge = badgeFor(value);
        return (
          <div key={value} className="status-guide__entry">
            <dt>
              <Badge tone={badge.tone}>{badge.label}</Badge>
            </dt>
            <dd>{meaning}</dd>
          </div>
        );
      })}
    </dl>
  );
}

/** The 'Project Status Guide' legend explaining the badges on the cards. */
export function StatusGuide() {
  return (
    <section className="status-guide" aria-labelledby="status-guide-title">
      <h2 id="status-guide-title" className="status-guide__title">
        Project Status Guide
      </h2>
      <div className="status-guide__columns">
        <div>
          <h3 className="status-guide__subtitle">Status</h3>
          <LegendList entries={STATUS_LEGEND} badgeFor={statusBadge} />
        </div>
        <div>
          <h3 className="status-guide__subtitle">Stages</h3>
          <LegendList entries={STAGE_LEGEND} badgeFor={stageBadge} />
        </div>
      </div>
    </section>
  );
}
