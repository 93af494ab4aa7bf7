import { useParams } from 'react-router-dom';
import type {
  TrackerMergedFrom,
  TrackerMergedInto,
} from '@hatchworks/shared/schemas/tracker-merge';
import { paths } from '../config/paths';
import type { TrackerPageKind } from '../features/tracker/components/tracker-card';
import { TrackerMergeSection } from '../features/tracker/components/tracker-merge';
import { VotableDetail } from './votable-detail';
import './tracker-detail.css';

/** What a tracker page needs of its item. */
interface TrackerItem {
  readonly id: string;
  readonly votes: number;
  readonly status?: string | null | undefined;
  readonly merged_into?: TrackerMergedInto | undefined;
  readonly merged_from?: readonly TrackerMergedFrom[] | undefined;
}

/** How each kind of tracker item's page is named, and where it leads back to. */
const PAGES = {
  feature_request: {
    noun: 'Feature request',
    subjectType: 'tracker_request',
    back: { href: paths.trackerRequests.path, label: 'All tracker requests' },
  },
  project_suggestion: {
    noun: 'Project suggestion',
    subjectType: 'tracker_suggestion',
    back: { href: paths.trackerSuggestions.path, label: 'All project suggestions' },
  },
} as const;

/** A tracker request's or suggestion's page: its card, its merge state, its discussion. */
export function TrackerDetail<Item extends TrackerItem>({ kind }: { kind: TrackerPageKind<Item> }) {
  const id = useParams().id ?? '';
  const page = PAGES[kind.mergeType];
  const query = kind.useItem(id);
  const { title } = kind;
  return (
    <VotableDetail
      noun={page.noun}
      back={page.back}
      subjectType={page.subjectType}
      id={id}
      query={query}
      title={title}
      commentsClosed={(item) =>
        item.merged_into
          ? `Comments are closed: this was merged into “${item.merged_into.title}”. Comment there.`
          : undefined
      }
    >
      {(item) => (
        <div className="tracker-detail">
          {kind.card(item)}
          <TrackerMergeSection
            subject={{
              type: kind.mergeType,
              id: item.id,
              title: title(item),
              votes: item.votes,
              status: item.status ?? 'Open',
              merged_into: item.merged_into,
            }}
            mergedFrom={item.merged_from}
          />
        </div>
      )}
    </VotableDetail>
  );
}
