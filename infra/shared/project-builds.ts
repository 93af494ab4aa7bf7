/**
 * Where the site serves the studio's projects: each project's static build under
 * `/apps/<slug>/`, locally from the repository's `apps/` folder, on AWS from the `apps/` prefix
 * of the site bucket. Kept apart from the SPA's `/projects` (Manage Projects).
 */
export const PROJECT_BUILDS_PREFIX = '/apps/';

/** The folder of the builds in the repository, and their key prefix in the site bucket. */
export const PROJECT_BUILDS_FOLDER = 'apps';
