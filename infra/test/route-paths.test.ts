import { describe, expect, it } from 'vitest';
import { ROUTES } from '@hatchworks/shared/routes';

const variableName = (segment: string): string | undefined => /^\{([^}+]+)\}$/.exec(segment)?.[1];

/**
 * Path variables that share a position under the same parent, named differently: e.g.
 * `GET /api/projects/{group}` beside `PUT /api/projects/{id}`. API Gateway refuses the second
 * route at deploy time: REST APIs with "A sibling ... already has a variable path part", HTTP
 * APIs with a ConflictException "... has a conflicting variable on the same hierarchical level".
 */
function conflictingVariables(paths: readonly string[]): string[] {
  const named = new Map<string, { name: string; path: string }>();
  const conflicts: string[] = [];
  for (const path of paths) {
    const segments = path.split('/').filter(Boolean);
    segments.forEach((segment, position) => {
      const name = variableName(segment);
      if (!name) return;
      const parent = segments
        .slice(0, position)
        .map((part) => (variableName(part) ? '{}' : part))
        .join('/');
      const seen = named.get(parent);
      if (seen && seen.name !== name) {
        conflicts.push(`${path}: {${name}} where ${seen.path} has {${seen.name}}`);
      }
      if (!seen) named.set(parent, { name, path });
    });
  }
  return conflicts;
}

describe('the route manifest on API Gateway', () => {
  it('names a path variable the same in every route that shares its position', () => {
    // Act
    const conflicts = conflictingVariables([...new Set(ROUTES.map((route) => route.path))]);
    // Assess
    expect(conflicts).toEqual([]);
  });

  it('detects differently named sibling variables', () => {
    // Act
    const conflicts = conflictingVariables(['/api/projects/{group}', '/api/projects/{id}']);
    // Assess
    expect(conflicts).toEqual(['/api/projects/{id}: {id} where /api/projects/{group} has {group}']);
  });
});
