import { Link, useLocation } from 'react-router-dom';
import { DocumentTitle } from '../../components/ui/document-title';
import { StatusPanel } from '../../components/ui/status-panel';
import { paths } from '../../config/paths';
import { EggIcon } from '../../components/ui/icons';

/** Any client route the app does not know: a friendly 404 with ways back. */
export default function NotFoundRoute() {
  const { pathname } = useLocation();
  return (
    <div className="container page">
      <DocumentTitle title="Page not found" />
      <StatusPanel
        eyebrow="404"
        title="Page not found"
        icon={<EggIcon />}
        actions={
          <>
            <Link to={paths.home.path} className="button button--primary">
              Back to Home
            </Link>
            <Link to={paths.tracker.path} className="button button--secondary">
              Open the Tracker
            </Link>
          </>
        }
      >
        <p>
          Nothing has hatched at <code className="not-found__path">{pathname}</code> yet. The link
          may be old, or the address mistyped.
        </p>
      </StatusPanel>
    </div>
  );
}
