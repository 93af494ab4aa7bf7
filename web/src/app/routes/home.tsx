import { SITE_NAME } from '@hatchworks/shared/constants';
import { DocumentTitle } from '../../components/ui/document-title';
import { EggCluster } from '../../components/ui/egg-cluster';
import { paths } from '../../config/paths';
import { DonationWidget } from '../../features/donation/components/donation-widget';
import { GroupNav } from '../../features/portfolio/components/group-nav';
import { PortfolioSection } from '../../features/portfolio/components/portfolio-section';
import { StatusGuide } from '../../features/portfolio/components/status-guide';
import './home.css';

/** Home: the studio's project portfolio. */
export default function HomeRoute() {
  return (
    <>
      <DocumentTitle title={paths.home.title} />
      <section className="home-hero" aria-labelledby="home-title">
        <div className="container home-hero__inner">
          <div className="home-hero__text">
            <p className="eyebrow">{SITE_NAME} studio</p>
            <h1 id="home-title">Small web projects, hatched in the open.</h1>
            <p className="lede">
              A free playground of experiments, games, apps and stories. Jump straight to a group,
              or browse the whole portfolio below.
            </p>
            <GroupNav />
          </div>
          <EggCluster />
        </div>
      </section>
      <div className="container home-body">
        <PortfolioSection />
        <StatusGuide />
      </div>
      <DonationWidget />
    </>
  );
}
