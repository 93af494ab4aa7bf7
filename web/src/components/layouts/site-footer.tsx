import { Link } from 'react-router-dom';
import { SITE_NAME } from '@hatchworks/shared/constants';
import { paths } from '../../config/paths';
import './site-footer.css';

/**
 * Rights line and secondary links. The platform's build-tool requirements stay out of it: they
 * concern the studio's developers, not visitors (decision in docs/product.md).
 */
export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner container">
        <p className="site-footer__rights">
          © {year} {SITE_NAME}. All rights reserved.
        </p>
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
