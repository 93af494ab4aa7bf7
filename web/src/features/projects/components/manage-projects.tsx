import { Link } from 'react-router-dom';
import { FALLBACK_MESSAGES } from '@hatchworks/shared/errors';
import { DocumentTitle } from '../../../components/ui/document-title';
import { LoadingState } from '../../../components/ui/spinner';
import { StatusPanel } from '../../../components/ui/status-panel';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { useCreateProject } from '../api/create-project';
import { EMPTY_PROJECT_FORM, projectInputFromForm } from '../utils/project-form-values';
import { ProjectForm } from './project-form';
import { ProjectList } from './project-list';
import './manage-projects.css';
import { LockIcon, ShieldIcon } from '../../../components/ui/icons';
import { useToast } from '../../../components/ui/toast';

function CreateProjectSection() {
  const create = useCreateProject();
  const showToast = useToast();
  return (
    <section className="card create-project" aria-labelledby="create-project-title">
      <h2 id="create-project-title">Create Project</h2>
      <ProjectForm
        label="Create Project"
        initialValues={EMPTY_PROJECT_FORM}
        resetTo={EMPTY_PROJECT_FORM}
        submitLabel="Create Project"
        pendingLabel="Creating..."
        pending={create.isPending}
        error={create.error}
        fallbackMessage={FALLBACK_MESSAGES.createProject}
        onSubmit={async (values) => {
          try {
            const created = await create.mutateAsync(projectInputFromForm(values));
            showToast({ message: `Project “${created.title}” created.` });
            return true;
          } catch {
            return false;
          }
        }}
      />
    </section>
  );
}

/** `/projects`: admins create, edit and delete projects; everyone else is told why not. */
export function ManageProjects() {
  const session = useSession();
  const { status, user } = session;

  let body;
  if (status === 'loading') {
    body = <LoadingState label="Loading..." />;
  } else if (!user) {
    body = (
      <StatusPanel
        eyebrow={paths.projects.title}
        title="Authentication Required"
        icon={<LockIcon />}
        headingLevel="h2"
        actions={
          <button
            type="button"
            className="button button--primary"
            onClick={() => void session.login()}
            disabled={!session.signInAvailable}
            title={session.signInAvailable ? undefined : 'Sign-in is not configured'}
          >
            Log In
          </button>
        }
      >
        <p>You must be logged in to access project management.</p>
      </StatusPanel>
    );
  } else if (user.role !== 'admin') {
    body = (
      <StatusPanel
        eyebrow={paths.projects.title}
        title="Admin Access Required"
        icon={<ShieldIcon />}
        headingLevel="h2"
        actions={
          <Link to={paths.home.path} className="button button--primary">
            Return to Home
          </Link>
        }
      >
        <p>You must be an administrator to manage projects.</p>
      </StatusPanel>
    );
  } else {
    body = (
      <>
        <CreateProjectSection />
        <ProjectList />
      </>
    );
  }

  return (
    <div className="container page manage-projects">
      <DocumentTitle title={paths.projects.title} />
      <Link to={paths.home.path} className="back-link">
        ← Back to Home
      </Link>
      <h1>{paths.projects.title}</h1>
      {body}
    </div>
  );
}
