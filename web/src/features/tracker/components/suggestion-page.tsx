import { useId, useState } from 'react';
import { useLiveSearchParams } from '../../../lib/live-search-params';
import { focusSearchField } from '../../../lib/search-query';
import { useNavigate } from 'react-router-dom';
import { detailHref, paths } from '../../../config/paths';
import { useToast } from '../../../components/ui/toast';
import {
  parseSuggestionView,
  suggestionViewParams,
  type SuggestionView,
} from '../utils/suggestion-view';
import { SuggestionFilters } from './suggestion-filters';
import { VotableList } from '../../../components/votable/votable-list';
import { SUGGESTION_LIST } from './suggestion-list';
import { SuggestionModal } from './suggestion-modal';
import { TrackerPage } from './tracker-page';
import './suggestion-page.css';
import { LightbulbIcon } from '../../../components/ui/icons';

/**
 * `/tracker/suggestions`: everyone may read, filter, sort, vote on and submit project
 * suggestions. The group and the sort live in the URL, so a link reproduces the view.
 */
export function SuggestionPage() {
  const { params, update } = useLiveSearchParams();
  const view = parseSuggestionView(params);
  const [suggesting, setSuggesting] = useState(false);
  const searchId = useId();
  const showToast = useToast();
  const navigate = useNavigate();

  // From the address bar, like the requests page: a quick second change never undoes the first.
  const setView = (change: Partial<SuggestionView>) =>
    update((current) =>
      suggestionViewParams(current, { ...parseSuggestionView(current), ...change }),
    );

  const clearSearch = () => {
    setView({ q: undefined });
    focusSearchField(searchId);
  };

  const openModal = () => setSuggesting(true);

  return (
    <TrackerPage
      className="suggestion-page"
      title={paths.trackerSuggestions.title}
      lede="What should the studio build next? Suggest a project, and vote on the ideas you want to see."
      action={
        <>
          <LightbulbIcon /> Suggest Project
        </>
      }
      onAction={openModal}
      filters={<SuggestionFilters view={view} searchId={searchId} onChange={setView} />}
      list={
        <VotableList
          kind={SUGGESTION_LIST}
          view={view}
          onCreate={openModal}
          onClearSearch={clearSearch}
        />
      }
      modal={
        suggesting ? (
          <SuggestionModal
            onClose={() => setSuggesting(false)}
            onCreated={(created) =>
              showToast({
                message: `Thanks! Your suggestion “${created.name}” was submitted.`,
                action: {
                  label: 'Open',
                  onClick: () => navigate(detailHref.trackerSuggestion(created.id)),
                },
              })
            }
            onVotedInstead={(name) =>
              showToast({ message: `Thanks! Your vote on “${name}” was counted.` })
            }
          />
        ) : null
      }
    />
  );
}
