import { Link } from 'react-router-dom';
import { FALLBACK_MESSAGES } from '@hatchworks/shared/errors';
import { DocumentTitle } from '../../../components/ui/document-title';
import { AdminOnly } from '../../../components/layouts/admin-only';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { useCreateProject } from '../api/create-project';
import { EMPTY_PROJECT_FORM, projectInputFromForm } from '../utils/project-form-values';
import { ProjectForm } from './project-form';
import { ProjectList } from './project-list';
import './manage-projects.css';
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
  return (
    <div className="container page manage-projects">
      <DocumentTitle title={paths.projects.title} />
      <Link to={paths.home.path} className="back-link">
        ← Back to Home
      </Link>
      <div className="manage-projects__heading">
        <h1>{paths.projects.title}</h1>
        <AdminLinks />
      </div>
      <AdminOnly
        title={paths.projects.title}
        signInReason="You must be logged in to access project management."
        adminReason="You must be an administrator to manage projects."
      >
        <CreateProjectSection />
        <ProjectList />
      </AdminOnly>
    </div>
  );
}

/** The site-wide admin pages beside the projects, for admins only. */
function AdminLinks() {
  const { user } = useSession();
  if (user?.role !== 'admin') return null;
  return (
    <Link to={paths.webhooks.path} className="button button--secondary">
      {paths.webhooks.title}
    </Link>
  );
}
