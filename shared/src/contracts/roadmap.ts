/**
 * Contracts of the roadmap operations, one module each so that a bundle keeps only the schemas of
 * the operations it calls (a bundler keeps a module's every schema, used or not).
 */
export { getRoadmap } from './roadmap/get-roadmap';
