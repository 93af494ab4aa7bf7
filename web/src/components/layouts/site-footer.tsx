import { Link } from 'react-router-dom';
import { SITE_NAME } from '@hatchworks/shared/constants';
import { paths } from '../../config/paths';
import { formatBuildTools } from '../../lib/format';
import './site-footer.css';

interface SiteFooterProps {
  /** The platform's build-tool requirements (`global.buildTools`), once the homepage data is in. */
  buildTools?: Readonly<Record<string, string>>;
}

export function SiteFooter({ buildTools }: SiteFooterProps) {
  const year = new Date().getFullYear();
  const requirements = buildTools ? formatBuildTools(buildTools) : '';
  return (
    <footer className="site-footer">
      <div className="site-footer__inner container">
        <p className="site-footer__rights">
          © {year} {SITE_NAME}. All rights reserved.
        </p>
        {requirements ? <p className="site-footer__tools">{requirements}</p> : null}
        <nav aria-label="Footer" className="site-footer__nav">
          <Link to={paths.about.path}>About</Link>
          <Link to={paths.tracker.path}>Tracker</Link>
          <Link to={paths.roadmap.path}>Roadmap</Link>
          <Link to={paths.changelog.path}>Changelog</Link>
        </nav>
      </div>
    </footer>
  );
}
