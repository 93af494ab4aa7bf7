import type { TrackerStatus } from '@hatchworks/shared/schemas/tracker';
import './status-note.css';

/**
 * The admin's note of the last status change, under a request or suggestion: why it was closed,
 * or what the team said when it moved. Plain text, never markup.
 */
export function StatusNote({
  status,
  note,
}: {
  status: TrackerStatus | undefined;
  note: string | undefined;
}) {
  if (!note) return null;
  return (
    <p className={`status-note${status === 'Closed' ? ' status-note--closed' : ''}`}>
      <strong className="status-note__label">
        {status === 'Closed' ? 'Closed:' : 'Team note:'}
      </strong>{' '}
      {note}
    </p>
  );
}
