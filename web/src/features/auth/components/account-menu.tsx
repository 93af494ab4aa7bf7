import { useId, useRef, useState, type ReactNode } from 'react';
import { useDisclosure } from '../../../lib/use-disclosure';
import { Link, useLocation } from 'react-router-dom';
import type { User } from '@hatchworks/shared/schemas/users';
import { Badge } from '../../../components/ui/badge';
import { paths } from '../../../config/paths';
import { greetingName } from '../utils/greeting';

interface AccountMenuProps {
  user: User;
  onLogout: () => void;
  /** Claim Daily inside the panel, for the tight bar (64rem to 80rem) that has no room for it. */
  claimDaily?: ReactNode;
}

/**
 * The signed-in part of the header on wide screens: the avatar as a button named by the greeting,
 * opening the greeting, the Admin badge, Claim Daily (below 80rem), Profile and Logout. Closes on Escape, outside clicks and any navigation.
 */
export function AccountMenu({ user, onLogout, claimDaily }: AccountMenuProps) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === here;
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const { buttonRef } = useDisclosure({
    open,
    close: () => setOpenAt(null),
    popoverRoot: rootRef,
  });
  const name = greetingName(user);

  return (
    <div className="account-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="account-menu__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpenAt(open ? null : here)}
      >
        <span className="avatar avatar--sm" aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
        <span className="visually-hidden">Hi, {name}</span>
        <span className="account-menu__chevron" aria-hidden="true" />
      </button>
      <div id={panelId} className="account-menu__panel" hidden={!open}>
        <p className="account-menu__who">
          <span aria-hidden="true">Hi, {name}</span>
          {user.role === 'admin' ? <Badge tone="auth">Admin</Badge> : null}
        </p>
        <p className="account-menu__email">{user.email}</p>
        {claimDaily ? <div className="account-menu__claim">{claimDaily}</div> : null}
        <ul className="account-menu__list">
          <li>
            <Link to={paths.profile.path} className="account-menu__item">
              Profile
            </Link>
          </li>
          <li>
            <button type="button" className="account-menu__item" onClick={onLogout}>
              Logout
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
