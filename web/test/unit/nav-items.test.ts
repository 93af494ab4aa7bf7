import { describe, expect, it } from 'vitest';
import { ANONYMOUS_VIEWER, navItemsFor } from '../../src/components/layouts/nav-items';

const labels = (viewer: Parameters<typeof navItemsFor>[0]) =>
  navItemsFor(viewer).map((item) => item.label);

describe('Header navigation', () => {
  it('shows Home, Tracker, Features, Roadmap, Changelog and About to visitors', () => {
    // Prepare / Act
    const items = navItemsFor(ANONYMOUS_VIEWER);

    // Assess
    expect(items.map((item) => [item.label, item.to])).toEqual([
      ['Home', '/'],
      ['Tracker', '/tracker'],
      ['Features', '/features'],
      ['Roadmap', '/roadmap'],
      ['Changelog', '/changelog'],
      ['About', '/about'],
    ]);
    expect(items.find((item) => item.label === 'Features')?.icon).toBe('egg');
  });

  it('adds Profile for signed-in users and Manage Projects only for admins', () => {
    // Prepare / Act
    const user = labels({ signedIn: true, admin: false });
    const admin = labels({ signedIn: true, admin: true });

    // Assess
    expect(user).toEqual([
      'Home',
      'Tracker',
      'Features',
      'Roadmap',
      'Changelog',
      'About',
      'Profile',
    ]);
    expect(admin).toEqual([
      'Home',
      'Tracker',
      'Features',
      'Roadmap',
      'Changelog',
      'About',
      'Profile',
      'Manage Projects',
    ]);
  });
});
