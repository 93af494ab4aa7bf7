import { isolateFiles } from './file-isolation';

/** Setup of a project whose files share their worker's process: each starts afresh. */
isolateFiles('always');
