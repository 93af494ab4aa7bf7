import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { StatusPanel } from '../ui/status-panel';
import { DocumentTitle } from '../ui/document-title';
import { EggFriedIcon } from '../ui/icons';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error && error.message) return error.message;
  return 'An unexpected error occurred.';
}

/**
 * Shown in place of a page that crashed while loading or rendering. The header stays usable
 * because this boundary sits below the layout route.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  return (
    <div className="container">
      <DocumentTitle title="Something went wrong" />
      <StatusPanel
        eyebrow="Something went wrong"
        title="This page could not be shown"
        icon={<EggFriedIcon />}
        tone="danger"
        actions={
          <>
            <button
              type="button"
              className="button button--primary"
              onClick={() => window.location.reload()}
            >
              Try Again
            </button>
            <Link to="/" className="button button--secondary">
              Back to Home
            </Link>
          </>
        }
      >
        <p>{describe(error)}</p>
        <p>Reloading usually helps. If it keeps happening, the studio would like to know.</p>
      </StatusPanel>
    </div>
  );
}
