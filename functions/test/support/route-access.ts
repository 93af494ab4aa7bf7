import { ROUTES, routeKey } from '@hatchworks/shared/routes';
import { registerRouteAccess } from '../../src/middleware/access';

/*
 * Unit tests call handlers in this process, like the local gateway: the access guard gets every
 * route's level from the manifest here (on AWS it is written into each bundle).
 */
registerRouteAccess(new Map(ROUTES.map((route) => [routeKey(route), route.access])));
