/**
 * Contracts of the search operations, one module each so that a bundle keeps only the schemas of
 * the operations it calls (a bundler keeps a module's every schema, used or not).
 */
export { searchSimilar } from './search/search-similar';
