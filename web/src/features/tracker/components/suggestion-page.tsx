import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { DocumentTitle } from '../../../components/ui/document-title';
import { paths } from '../../../config/paths';
import {
  parseSuggestionView,
  suggestionViewParams,
  type SuggestionView,
} from '../utils/suggestion-view';
import { SuggestionFilters } from './suggestion-filters';
import { SuggestionList } from './suggestion-list';
import { SuggestionModal } from './suggestion-modal';
import './suggestion-page.css';

/**
 * `/tracker/suggestions` (spec 2): everyone may read, filter, sort, vote on and submit project
 * suggestions. The group and the sort live in the URL, so a link reproduces the view.
 */
export function SuggestionPage() {
  const [params, setParams] = useSearchParams();
  const view = parseSuggestionView(params);
  const [suggesting, setSuggesting] = useState(false);
  const [created, setCreated] = useState<string | null>(null);

  const setView = (next: SuggestionView) =>
    setParams((current) => suggestionViewParams(current, next), { replace: true });

  const openModal = () => {
    setCreated(null);
    setSuggesting(true);
  };

  return (
    <div className="container page suggestion-page">
      <DocumentTitle title={paths.trackerSuggestions.title} />
      <Link to={paths.tracker.path} className="back-link">
        <span aria-hidden="true">←</span> Back to Tracker
      </Link>
      <header className="suggestion-page__header">
        <div>
          <p className="eyebrow">Public tracker</p>
          <h1>{paths.trackerSuggestions.title}</h1>
          <p className="lede">
            What should the studio build next? Suggest a project, and vote on the ideas you want to
            see.
          </p>
        </div>
        <button type="button" className="button button--accent" onClick={openModal}>
          <span aria-hidden="true">💡</span> Suggest Project
        </button>
      </header>

      <SuggestionFilters view={view} onChange={setView} />

      {/* Present from the start, so screen readers announce what appears in it. */}
      <div className="suggestion-page__status" role="status">
        {created ? (
          <p className="suggestion-page__notice">
            Thanks! Your suggestion “{created}” was submitted.
          </p>
        ) : null}
      </div>

      <SuggestionList view={view} onSuggest={openModal} />

      {suggesting ? (
        <SuggestionModal onClose={() => setSuggesting(false)} onCreated={setCreated} />
      ) : null}
    </div>
  );
}
