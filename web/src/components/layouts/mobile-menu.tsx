import { useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useDisclosure } from '../../lib/use-disclosure';
import type { NavItem } from './nav-items';
import { NavLinks } from './nav-links';

const MENU_ID = 'mobile-menu';

/**
 * The hamburger dropdown below the desktop breakpoint (64rem). The menu remembers the location it was
 * opened at, so any navigation (link, back button) closes it without an effect.
 */
export function MobileMenu({
  items,
  accountSlot,
}: {
  items: readonly NavItem[];
  /** Shown below the destinations, so leaving (Logout) comes last: login, or greeting, Claim Daily and Logout. */
  accountSlot?: ReactNode;
}) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === here;
  const rootRef = useRef<HTMLDivElement>(null);
  const { buttonRef } = useDisclosure({
    open,
    close: () => setOpenAt(null),
    popoverRoot: rootRef,
  });

  return (
    <div className="mobile-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="mobile-menu__toggle"
        aria-expanded={open}
        aria-controls={MENU_ID}
        onClick={() => setOpenAt(open ? null : here)}
      >
        <span className={`hamburger${open ? ' hamburger--open' : ''}`} aria-hidden="true">
          <span />
          <span />
          <span />
        </span>
        <span className="visually-hidden">Menu</span>
      </button>
      <div id={MENU_ID} className="mobile-menu__panel" hidden={!open}>
        <nav aria-label="Main menu">
          <NavLinks
            items={items}
            className="mobile-menu__list"
            onNavigate={() => setOpenAt(null)}
          />
        </nav>
        {accountSlot}
      </div>
    </div>
  );
}
