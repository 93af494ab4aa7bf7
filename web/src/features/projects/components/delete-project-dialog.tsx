import type { Project } from '@hatchworks/shared/schemas/projects';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { useToast } from '../../../components/ui/toast';
import { DELETE_PROJECT_FAILED, useDeleteProject } from '../api/delete-project';

interface DeleteProjectDialogProps {
  project: Project;
  onClose: () => void;
}

/** Asks before a project goes; nothing is sent without an id. */
export function DeleteProjectDialog({ project, onClose }: DeleteProjectDialogProps) {
  const showToast = useToast();
  const remove = useDeleteProject({
    onSuccess: () => {
      showToast({ message: `Project “${project.title}” deleted.` });
      onClose();
    },
  });
  return (
    <ConfirmDeleteDialog
      title="Delete Project"
      confirmLabel="Delete Project"
      pending={remove.isPending}
      error={remove.error}
      fallbackMessage={DELETE_PROJECT_FAILED}
      onConfirm={() => {
        if (project.id) remove.mutate(project.id);
      }}
      onClose={onClose}
    >
      Delete <strong>{project.title}</strong>? It disappears from the portfolio and the tracker.
      This cannot be undone.
    </ConfirmDeleteDialog>
  );
}
