import { paths } from '../../config/paths';

/** Who is looking, as far as the navigation cares. The session fills it. */
export interface Viewer {
  readonly signedIn: boolean;
  readonly admin: boolean;
}

export const ANONYMOUS_VIEWER: Viewer = { signedIn: false, admin: false };

export interface NavItem {
  readonly to: string;
  readonly label: string;
  /** Decorative icon shown after the label (the egg of Features). */
  readonly icon?: 'egg';
  /** Active only on an exact match (Home would otherwise match every route). */
  readonly end?: boolean;
  /** Listed in the mobile menu only: on the wide bar the avatar menu already holds it. */
  readonly menuOnly?: boolean;
}

/**
 * The destinations of the desktop and mobile navigation: Profile only for signed in users (in the
 * mobile menu; the wide bar's avatar menu opens it), Manage Projects only for admins.
 */
export function navItemsFor(viewer: Viewer): NavItem[] {
  return [
    { to: paths.home.path, label: 'Home', end: true },
    { to: paths.tracker.path, label: 'Tracker' },
    { to: paths.features.path, label: 'Features', icon: 'egg' },
    { to: paths.roadmap.path, label: 'Roadmap' },
    { to: paths.changelog.path, label: 'Changelog' },
    { to: paths.about.path, label: 'About' },
    ...(viewer.signedIn ? [{ to: paths.profile.path, label: 'Profile', menuOnly: true }] : []),
    ...(viewer.admin ? [{ to: paths.projects.path, label: 'Manage Projects' }] : []),
  ];
}
