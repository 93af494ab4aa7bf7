/**
 * Contracts of the system operations, one module each so that a bundle keeps only the schemas of
 * the operations it calls (a bundler keeps a module's every schema, used or not).
 */
export { getHealth } from './system/get-health';
export { notFound } from './system/not-found';
