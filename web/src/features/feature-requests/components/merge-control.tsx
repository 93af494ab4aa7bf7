import { useState } from 'react';
import type { Feature } from '@hatchworks/shared/schemas/features';
import { useSession } from '../../../lib/session';
import { MergeDialog } from './merge-dialog';
import '../../../components/votable/merge-dialog.css';

/** The statuses a request can be merged away from (the server checks the same). */
const MERGEABLE: readonly Feature['status'][] = ['pending', 'approved'];

/** Admins only, on a pending or approved request's page (issue 13): 'Merge into…'. */
export function MergeControl({ feature }: { feature: Feature }) {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  if (user?.role !== 'admin' || !MERGEABLE.includes(feature.status)) return null;
  return (
    <div className="merge-control">
      <button
        type="button"
        className="button button--secondary button--sm"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        Merge into…
      </button>
      {open ? <MergeDialog feature={feature} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}
