import { useQueryClient } from '@tanstack/react-query';
import type { Feature } from '@hatchworks/shared/schemas/features';
import { useToast } from '../../../components/ui/toast';
import { useSession } from '../../../lib/session';
import { changeFeatureStatus } from './change-feature-status';

/** The toast after a failed undo, with the server's reason. */
export const undoFailedMessage = (reason: string) => `Could not undo: ${reason}`;

/**
 * Takes an approval or a rejection back to pending (`PUT /api/admin/features/{id}/status`),
 * from a toast's Undo: it runs after the dialog that decided has closed, so it answers with a
 * toast of its own and reloads the lists (and the balance, which undoing a rejection charges).
 */
export function useUndoModeration() {
  const queryClient = useQueryClient();
  const showToast = useToast();
  const { refreshUser } = useSession();
  return (moderated: Feature) => {
    changeFeatureStatus({ id: moderated.id, status: 'pending', notes: '' })
      .then(async (reopened) => {
        await queryClient.invalidateQueries({ queryKey: ['features'] });
        showToast({ message: `“${reopened.title}” is back in Pending.` });
        if (moderated.status === 'rejected') await refreshUser();
      })
      .catch((error: unknown) => {
        const reason =
          error instanceof Error && error.message.trim() ? error.message : 'Unknown error';
        showToast({ tone: 'error', message: undoFailedMessage(reason) });
      });
  };
}
