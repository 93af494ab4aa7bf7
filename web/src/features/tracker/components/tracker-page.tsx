import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DocumentTitle } from '../../../components/ui/document-title';
import { paths } from '../../../config/paths';
import './tracker-page.css';

interface TrackerPageProps {
  /** The page's own class beside 'tracker-page', e.g. 'requests-page'; its parts get theirs too. */
  className: string;
  /** The heading and the document title. */
  title: string;
  lede: string;
  /** The header's submit button: its content, and what it opens. */
  action: ReactNode;
  onAction: () => void;
  filters: ReactNode;
  list: ReactNode;
  /** The submit dialog while open. */
  modal: ReactNode;
}

/**
 * The frame of a tracker list page: 'Back to Tracker', the header with its submit button,
 * the filters, the list and the dialog. The thanks after a submission or a vote is a toast.
 */
export function TrackerPage({
  className,
  title,
  lede,
  action,
  onAction,
  filters,
  list,
  modal,
}: TrackerPageProps) {
  /** A part's shared class and this page's own: 'tracker-page__notice requests-page__notice'. */
  const classes = (part: string) => `tracker-page${part} ${className}${part}`;
  return (
    <div className={`container page tracker-page ${className}`}>
      <DocumentTitle title={title} />
      <Link to={paths.tracker.path} className="back-link">
        <span aria-hidden="true">←</span> Back to Tracker
      </Link>
      <header className={classes('__header')}>
        <div>
          <p className="eyebrow">Public tracker</p>
          <h1>{title}</h1>
          <p className="lede">{lede}</p>
        </div>
        <button type="button" className="button button--accent" onClick={onAction}>
          {action}
        </button>
      </header>

      {filters}

      {list}
      {modal}
    </div>
  );
}
