import { NavLink } from 'react-router-dom';
import type { NavItem } from './nav-items';
import { EggIcon } from '../ui/icons';

interface NavLinksProps {
  items: readonly NavItem[];
  className: string;
  onNavigate?: () => void;
}

/** The list of destinations, shared by the desktop bar and the mobile dropdown. */
export function NavLinks({ items, className, onNavigate }: NavLinksProps) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={item.end} className="nav-link" onClick={onNavigate}>
            {item.label}
            {item.icon ? (
              <span className="nav-link__icon">
                <EggIcon />
              </span>
            ) : null}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
