import { Link } from 'react-router-dom';
import { EGGS, SITE_NAME } from '@hatchworks/shared/constants';
import { DocumentTitle } from '../../components/ui/document-title';
import { paths } from '../../config/paths';
import { getRuntimeConfig } from '../../config/runtime-config';
import { useBuildTools } from '../../features/portfolio/api/get-homepage-projects';
import { formatBuildTools } from '../../lib/format';
import './about.css';
import { EggIcon } from '../../components/ui/icons';

const EGG_FACTS = [
  { amount: EGGS.welcomeBonus, text: 'welcome eggs when you verify your email' },
  { amount: EGGS.daily, text: 'more eggs every day you claim them with Claim Daily' },
  { amount: EGGS.featureCreationCost, text: 'eggs to request a new feature' },
] as const;

/**
 * About: what the site is, how its work may be reused, how it is built and how eggs work. The tip
 * button is mentioned only when the runtime config has a donation widget (Home draws it then).
 */
export default function AboutRoute() {
  const tipButton = Boolean(getRuntimeConfig().donation);
  const buildTools = useBuildTools();
  const requirements = buildTools ? formatBuildTools(buildTools) : '';
  return (
    <div className="container page about">
      <DocumentTitle title={paths.about.title} />
      <header className="about__intro">
        <p className="eyebrow">About</p>
        <h1>A free AI playground from a small web studio</h1>
        <p className="lede">
          {SITE_NAME} is where we try things out in public: experiments, games, apps and stories,
          built with the help of AI and shared freely. Some are polished, some are half-hatched, all
          of them are open for you to explore.
        </p>
      </header>

      <div className="about__grid">
        <section className="about-card" aria-labelledby="about-reuse">
          <h2 id="about-reuse">Free to use, with credit</h2>
          <p>
            Everything here is free to use, remix and build upon. Reuse does require attribution:
            credit {SITE_NAME} and link back to the original project so others can find it too.
          </p>
        </section>
        <section className="about-card" aria-labelledby="about-support">
          <h2 id="about-support">Support is optional</h2>
          {tipButton ? (
            <p>
              Nothing on the site sits behind a paywall. If a project made you smile or saved you an
              afternoon, a donation through the tip button on the home page helps keep the lights
              on, but it is entirely optional.
            </p>
          ) : (
            <p>
              Nothing on the site sits behind a paywall, and donations are entirely optional: the
              projects stay free either way.
            </p>
          )}
        </section>
        <section className="about-card" aria-labelledby="about-built">
          <h2 id="about-built">How it&apos;s built</h2>
          <p>
            The projects are small web apps, each built and deployed from its own folder by the
            studio&apos;s platform.
          </p>
          {requirements ? <p className="about-card__meta">{requirements}</p> : null}
        </section>
      </div>

      <section className="about-eggs" aria-labelledby="about-eggs">
        <div className="about-eggs__text">
          <h2 id="about-eggs">
            About Eggs{' '}
            <span className="about-eggs__icon">
              <EggIcon />
            </span>
          </h2>
          <p>
            Eggs are the site&apos;s own virtual currency. You get {EGGS.welcomeBonus} when you
            verify your email and can claim {EGGS.daily} more each day with Claim Daily, and you
            spend them on requesting features and boosting existing ones. The more eggs a request
            gathers, the more likely it is to be built next.
          </p>
          <p>
            Have an idea for one of the projects?{' '}
            <Link to={paths.features.path}>Request a feature</Link> or see what others are asking
            for on the <Link to={paths.tracker.path}>Tracker</Link>.
          </p>
        </div>
        <ul className="about-eggs__facts">
          {EGG_FACTS.map((fact) => (
            <li key={fact.text} className="egg-fact">
              <span className="egg-fact__amount">{fact.amount}</span>
              <span className="egg-fact__text">{fact.text}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
