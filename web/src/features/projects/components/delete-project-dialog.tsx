import type { Project } from '@hatchworks/shared/schemas/projects';
import { Modal } from '../../../components/ui/modal';
import { formErrorMessage } from '../../../lib/api-error';
import { DELETE_PROJECT_FAILED, useDeleteProject } from '../api/delete-project';
import { useToast } from '../../../components/ui/toast';

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
    <Modal title="Delete Project" onClose={onClose} tone="danger">
      <p>
        Delete <strong>{project.title}</strong>? It disappears from the portfolio and the tracker.
        This cannot be undone.
      </p>
      {remove.error ? (
        <p className="form-error" role="alert">
          {formErrorMessage(remove.error, DELETE_PROJECT_FAILED)}
        </p>
      ) : null}
      <div className="modal__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="button button--danger"
          disabled={remove.isPending}
          onClick={() => {
            if (project.id) remove.mutate(project.id);
          }}
        >
          {remove.isPending ? 'Deleting...' : 'Delete Project'}
        </button>
      </div>
    </Modal>
  );
}
