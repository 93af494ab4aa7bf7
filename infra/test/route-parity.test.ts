import { describe, expect, it } from 'vitest';
import { ROUTES, routeKey } from '@hatchworks/shared/routes';
import { API_ROUTE_KEYS } from '../aws/stacks/site-stack';
import { localRouteKeys, matchRoute } from '../local/src/gateway';

const manifestKeys = ROUTES.map((route) => routeKey(route)).sort();

describe('the route manifest as the one source of routes', () => {
  it('is what both the CDK stack and the local gateway expose, exactly', () => {
    expect([...API_ROUTE_KEYS].sort()).toEqual(manifestKeys);
    expect(localRouteKeys().sort()).toEqual(manifestKeys);
  });

  it('has no two routes with the same method and path', () => {
    expect(new Set(manifestKeys).size).toBe(manifestKeys.length);
  });

  it('lets the local gateway prefer static segments over variables, as API Gateway does', () => {
    expect(matchRoute('GET', '/api/projects/homepage')?.route.id).toBe('GetHomepageProjects');
    expect(matchRoute('GET', '/api/projects/web-applications')).toMatchObject({
      route: { id: 'GetProjectGroup' },
      pathParameters: { key: 'web-applications' },
    });
    expect(matchRoute('POST', '/api/projects/homepage')?.route.id).toBe('NotFound');
    expect(matchRoute('GET', '/api/unknown/deep/path')?.route.id).toBe('NotFound');
  });
});
