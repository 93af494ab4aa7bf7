import { Link } from 'react-router-dom';
import {
  STATUS_NOTE_MAX,
  TRACKER_STATUS_BY_CODE,
  TRACKER_STATUS_CODES,
  TRACKER_STATUS_MESSAGES,
  trackerStatusCode,
  type TrackerStatusCode,
} from '@hatchworks/shared/schemas/tracker-status';
import {
  StatusControl as VotableStatusControl,
  type StatusKind,
} from '../../../components/votable/status-control';
import {
  CHANGE_STATUS_FALLBACK_MESSAGE,
  useChangeTrackerStatus,
  type StatusResult,
  type StatusSubjectType,
} from '../api/change-status';

export interface StatusControlProps {
  readonly subjectType: StatusSubjectType;
  readonly id: string;
  /** The current status, as the API answers it ('In Progress') or as a code ('in_progress'). */
  readonly status: string | null | undefined;
}

/** Where an admin most likely moves a request next. */
const NEXT: Readonly<Record<TrackerStatusCode, TrackerStatusCode>> = {
  open: 'planned',
  planned: 'in_progress',
  in_progress: 'completed',
  completed: 'closed',
  closed: 'open',
};

/** The changelog form, preselecting this completed request (built by the changelog slice). */
export const announceHref = (subjectType: StatusSubjectType, id: string) =>
  `/changelog?${new URLSearchParams({ announce: `${subjectType}:${id}` }).toString()}`;

/** A tracker record's status: any of the five; closing one wants a note. */
function trackerStatusKind(
  subjectType: StatusSubjectType,
): StatusKind<TrackerStatusCode, StatusResult> {
  return {
    label: (code) => TRACKER_STATUS_BY_CODE[code],
    noteMax: STATUS_NOTE_MAX,
    hint: (note) =>
      `Shown on the request and told to its followers. ${note.length}/${STATUS_NOTE_MAX}`,
    noteRequired: {
      when: (code) => code === 'closed',
      label: 'Note (required when closing)',
      message: TRACKER_STATUS_MESSAGES.noteRequired,
    },
    fallback: CHANGE_STATUS_FALLBACK_MESSAGE,
    useSave: function useSave(id) {
      const change = useChangeTrackerStatus();
      return {
        save: ({ status, note }, onSaved) =>
          change.mutate({ subjectType, id, status, note }, { onSuccess: onSaved }),
        isPending: change.isPending,
        error: change.error,
      };
    },
  };
}

const KINDS = {
  tracker_request: trackerStatusKind('tracker_request'),
  tracker_suggestion: trackerStatusKind('tracker_suggestion'),
};

/**
 * Admins only: 'Change status' opens a dialog with the new status and a note (required when
 * closing). After saving it says what changed, and after 'Completed' offers 'Announce in
 * changelog'.
 */
export function StatusControl({ subjectType, id, status }: StatusControlProps) {
  const current = trackerStatusCode(status);
  return (
    <VotableStatusControl
      kind={KINDS[subjectType]}
      id={id}
      current={current}
      choices={TRACKER_STATUS_CODES}
      initial={NEXT[current]}
      saved={(result) => `Status changed to ${result.status}.`}
      savedNext={(result) =>
        result.status === 'Completed' ? (
          <Link to={announceHref(subjectType, id)}>Announce in changelog</Link>
        ) : null
      }
    />
  );
}
