import { registerRouteAccess } from '../../functions/src/http/access';
import { routeAccessLevels } from '@hatchworks/shared/routes';
import { isolateFiles } from './file-isolation';

/*
 * Setup of every unit test file. The files of a worker share its process; each gets our modules
 * afresh (module state such as the web client's token provider or a memoised configuration does
 * not carry over), while the packages are loaded once.
 *
 * Unit tests call handlers in this process, like the local gateway: the access guard gets every
 * route's level from the manifest here (on AWS it is written into each bundle).
 */
registerRouteAccess(routeAccessLevels());
isolateFiles('always');
