import { describe, expect, it } from 'vitest';
import {
  groupSectionId,
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

  it("names a group's section on Home after the group's key", () => {
    // Prepare / Act / Assess
    expect(groupSectionId('games')).toBe('group-games');
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
