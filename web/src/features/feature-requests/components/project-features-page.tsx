import { Link } from 'react-router-dom';
import type { Project } from '@hatchworks/shared/schemas/projects';
import { DocumentTitle } from '../../../components/ui/document-title';
import { LoadingState } from '../../../components/ui/spinner';
import { StatusPanel } from '../../../components/ui/status-panel';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { FeatureBoard } from './feature-board';
import { AUTH_LOADING, SignInPrompt } from './sign-in-prompt';
import { VisitorBoard } from './visitor-board';
import './features-page.css';
import { CompassIcon, SearchIcon } from '../../../components/ui/icons';

/** Where the project named in the URL stands, as the app found it in the projects list. */
export type ProjectLookup =
  | { readonly status: 'loading' }
  | {
      readonly status: 'error';
      readonly message: string;
      readonly retry: () => void;
      readonly retrying: boolean;
    }
  | { readonly status: 'unknown' }
  | { readonly status: 'found'; readonly project: Pick<Project, 'id' | 'title' | 'group_name'> };

interface ProjectFeaturesPageProps {
  /** The `project` query parameter; null when the URL has none. */
  projectId: string | null;
  lookup: ProjectLookup;
}

/** Admins arrive from Manage Projects ('View Features →'); everyone else belongs to /features. */
function backTarget(isAdmin: boolean) {
  const target = isAdmin ? paths.projects : paths.features;
  return { to: target.path, label: `Back to ${target.title}` };
}

/**
 * `/feature-requests?project={id}`: one project's feature requests with the same filters, votes
 * and moderation as /features, and 'Create Request' with the project chosen; visitors read its
 * approved requests under the sign-in prompt, as on /features.
 */
export function ProjectFeaturesPage({ projectId, lookup }: ProjectFeaturesPageProps) {
  const { status, user } = useSession();
  const back = backTarget(user?.role === 'admin');
  const backAction = (
    <Link to={back.to} className="button button--primary">
      {back.label}
    </Link>
  );
  let title: string = paths.featureRequests.title;

  let body;
  if (status === 'loading') {
    body = <LoadingState label={AUTH_LOADING} />;
  } else if (projectId === null) {
    body = (
      <StatusPanel
        eyebrow={title}
        title="No project selected"
        icon={<CompassIcon />}
        actions={backAction}
      >
        <p>This page lists one project&apos;s feature requests, but the link names no project.</p>
      </StatusPanel>
    );
  } else if (lookup.status === 'loading') {
    body = <LoadingState label="Loading project..." />;
  } else if (lookup.status === 'error') {
    body = (
      <div className="form-error" role="alert">
        <p>{lookup.message}</p>
        <button
          type="button"
          className="button button--secondary button--sm"
          onClick={lookup.retry}
          disabled={lookup.retrying}
        >
          Try Again
        </button>
      </div>
    );
  } else if (lookup.status === 'unknown') {
    title = 'Project not found';
    body = (
      <StatusPanel
        eyebrow={paths.featureRequests.title}
        title={title}
        icon={<SearchIcon />}
        actions={backAction}
      >
        <p>
          No project has the id <code>{projectId}</code>. It may have been deleted, or the link is
          incomplete.
        </p>
      </StatusPanel>
    );
  } else {
    const { project } = lookup;
    title = `${project.title} – ${paths.featureRequests.title}`;
    body = (
      <>
        <header className="features-page__header">
          <p className="eyebrow">{paths.featureRequests.title}</p>
          <h1>{project.title}</h1>
          <p className="lede">
            Feature requests for this project in {project.group_name}, most eggs first.
          </p>
        </header>
        {user ? (
          <FeatureBoard key={project.id} user={user} projectId={project.id} defaultFilter="all" />
        ) : (
          <>
            <SignInPrompt headingLevel="h2" />
            <VisitorBoard key={project.id} projectId={project.id} />
          </>
        )}
      </>
    );
  }

  return (
    <div className="container page features-page">
      <DocumentTitle title={title} />
      <Link to={back.to} className="back-link">
        ← {back.label}
      </Link>
      {body}
    </div>
  );
}
