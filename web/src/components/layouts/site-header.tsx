import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SITE_NAME } from '@hatchworks/shared/constants';
import { EggMark } from '../ui/egg-mark';
import { MobileMenu } from './mobile-menu';
import type { NavItem } from './nav-items';
import { NavLinks } from './nav-links';
import './site-header.css';

interface SiteHeaderProps {
  navItems: readonly NavItem[];
  /** Where the account widget (login, eggs, greeting) goes; the app decides what fills it. */
  accountSlot?: ReactNode;
  /** The account section at the end of the mobile dropdown (below the wide layout). */
  mobileAccountSlot?: ReactNode;
  /**
   * A signed-in header also carries the eggs, Claim Daily and the avatar menu (the avatar without
   * the greeting on the bar) beside its links, so the row fits the page's column.
   */
  crowded?: boolean;
  /** The notification bell, shown at every width beside the account slot. */
  notificationsSlot?: ReactNode;
}

/** The header above every route: site name, desktop navigation, account slot, mobile menu. */
export function SiteHeader({
  navItems,
  accountSlot,
  mobileAccountSlot,
  crowded = false,
  notificationsSlot,
}: SiteHeaderProps) {
  return (
    <header className={`site-header${crowded ? ' site-header--crowded' : ''}`}>
      <div className="site-header__inner container">
        <Link to="/" className="brand">
          <EggMark />
          <span className="brand__name">{SITE_NAME}</span>
        </Link>
        <nav aria-label="Main" className="desktop-nav">
          <NavLinks
            items={navItems.filter((item) => !item.menuOnly)}
            className="desktop-nav__list"
          />
        </nav>
        <div className="site-header__end">
          {notificationsSlot}
          {accountSlot}
          <MobileMenu items={navItems} accountSlot={mobileAccountSlot} />
        </div>
      </div>
    </header>
  );
}
