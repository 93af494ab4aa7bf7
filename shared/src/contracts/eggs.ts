/**
 * Contracts of the eggs operations, one module each so that a bundle keeps only the schemas of
 * the operations it calls (a bundler keeps a module's every schema, used or not).
 */
export { claimDailyEggs } from './eggs/claim-daily-eggs';
export { listTransactions } from './eggs/list-transactions';
export { adjustUserEggs } from './eggs/adjust-user-eggs';
