import { routeAccessLevels } from '@hatchworks/shared/routes';
import { registerRouteAccess } from '../../src/http/access';

/*
 * Unit tests call handlers in this process, like the local gateway: the access guard gets every
 * route's level from the manifest here (on AWS it is written into each bundle).
 */
registerRouteAccess(routeAccessLevels());
