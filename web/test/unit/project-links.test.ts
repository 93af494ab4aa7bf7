import { describe, expect, it } from 'vitest';
import {
  groupHref,
  projectHref,
  repositoryHref,
} from '../../src/features/portfolio/utils/project-links';

describe('Project links', () => {
  it("links to the deployment path first, then the project's path, then '#'", () => {
    // Prepare
    const deployed = { path: '/p/', deployment: { deployAs: '/deployed/' } };
    const pathOnly = { path: '/p/', deployment: { deployAs: '  ' } };
    const neither = {};

    // Act
    const hrefs = [deployed, pathOnly, neither].map(projectHref);

    // Assess
    expect(hrefs).toEqual(['/deployed/', '/p/', '#']);
  });

  it('never links to a javascript: URL', () => {
    // Prepare
    const project = { path: 'javascript:alert(1)', deployment: { deployAs: 'JavaScript:void 0' } };

    // Act
    const href = projectHref(project);

    // Assess
    expect(href).toBe('#');
  });

  it("opens a group at its first project, or '#' when it has none", () => {
    // Prepare
    const group = { projects: [{ path: '/first/' }, { path: '/second/' }] };

    // Act / Assess
    expect(groupHref(group as Parameters<typeof groupHref>[0])).toBe('/first/');
    expect(groupHref({ projects: [] })).toBe('#');
  });

  it('offers repository links only for absolute http(s) URLs', () => {
    // Prepare
    const urls = ['https://github.com/a/b', '/relative', 'data:text/html,x', undefined];

    // Act
    const hrefs = urls.map(repositoryHref);

    // Assess
    expect(hrefs).toEqual(['https://github.com/a/b', undefined, undefined, undefined]);
  });
});
