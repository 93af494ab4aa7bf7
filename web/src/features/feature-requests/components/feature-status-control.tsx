import { Link } from 'react-router-dom';
import {
  FEATURE_LIMITS,
  type Feature,
  type FeatureStatus,
} from '@hatchworks/shared/schemas/features';
import { FEATURE_STATUS_BADGES } from '../../../components/ui/feature-status-badge';
import { StatusControl, type StatusKind } from '../../../components/votable/status-control';
import {
  CHANGE_FEATURE_STATUS_FALLBACK,
  useChangeFeatureStatus,
} from '../api/change-feature-status';

/** Where an approved request's work may go next (the server enforces the same lifecycle). */
const NEXT: Readonly<Partial<Record<FeatureStatus, readonly FeatureStatus[]>>> = {
  approved: ['in_progress', 'completed'],
  in_progress: ['completed'],
};

/** The changelog form, preselecting this completed request. */
export const announceFeatureHref = (id: string) =>
  `/changelog?${new URLSearchParams({ announce: `feature:${id}` }).toString()}`;

const label = (status: FeatureStatus) => FEATURE_STATUS_BADGES[status].label;

/** A feature request's status in its badge's words; the note goes to the request's people. */
const FEATURE_STATUS: StatusKind<FeatureStatus, FeatureStatus> = {
  label,
  noteMax: FEATURE_LIMITS.longTextMax,
  hint: () => "Told to the request's author, voters and commenters.",
  fallback: CHANGE_FEATURE_STATUS_FALLBACK,
  useSave: function useSave(id) {
    const change = useChangeFeatureStatus();
    return {
      save: ({ status, note }, onSaved) =>
        change.mutate(
          { id, status, notes: note },
          { onSuccess: (updated) => onSaved(updated.status) },
        ),
      isPending: change.isPending,
      error: change.error,
    };
  },
};

/**
 * Admins only, on a feature request's own page: 'Change status' moves approved work to in progress
 * or completed (pending requests are approved or rejected on /features). A completed request
 * offers 'Announce in changelog'.
 */
export function FeatureStatusControl({ feature }: { feature: Feature }) {
  const next = NEXT[feature.status] ?? [];
  if (next.length === 0 && feature.status !== 'completed') return null;
  return (
    <StatusControl
      kind={FEATURE_STATUS}
      id={feature.id}
      current={feature.status}
      choices={next}
      initial={next[0] ?? 'completed'}
      canChange={next.length > 0}
      saved={(status) => `Status changed to ${label(status)}.`}
    >
      {feature.status === 'completed' ? (
        <Link className="status-control__announce" to={announceFeatureHref(feature.id)}>
          Announce in changelog
        </Link>
      ) : null}
    </StatusControl>
  );
}
