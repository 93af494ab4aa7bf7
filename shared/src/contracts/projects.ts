/**
 * Contracts of the projects operations, one module each so that a bundle keeps only the schemas of
 * the operations it calls (a bundler keeps a module's every schema, used or not).
 */
export { listProjects } from './projects/list-projects';
export { getHomepageProjects } from './projects/get-homepage-projects';
export { getProjectGroup } from './projects/get-project-group';
export { createProject } from './projects/create-project';
export { updateProject } from './projects/update-project';
export { deleteProject } from './projects/delete-project';
