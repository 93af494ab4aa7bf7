import { Link } from 'react-router-dom';
import { DocumentTitle } from '../../components/ui/document-title';
import { StatusPanel } from '../../components/ui/status-panel';
import { paths } from '../../config/paths';

interface ComingSoonProps {
  /** The screen's name, used as heading and document title. */
  title: string;
  /** One or two sentences on what the screen will do. */
  children: string;
}

/** Placeholder for a screen of spec 2 that a later issue builds. */
export function ComingSoon({ title, children }: ComingSoonProps) {
  return (
    <div className="container page">
      <DocumentTitle title={title} />
      <StatusPanel
        eyebrow="Coming soon"
        title={title}
        icon="🐣"
        actions={
          <>
            <Link to={paths.home.path} className="button button--primary">
              Browse projects
            </Link>
            <Link to={paths.about.path} className="button button--secondary">
              About the studio
            </Link>
          </>
        }
      >
        <p>{children}</p>
        <p>This part of the site is still in the incubator. Check back soon.</p>
      </StatusPanel>
    </div>
  );
}
