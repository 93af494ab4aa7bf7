/**
 * How many stack test files run at once, each against a local stack of its own: a file then sees
 * only its own writes, as when files ran one after another, so tests may read global lists and
 * counters. vitest.config.ts runs this many workers; the global setup starts this many stacks.
 */
export const PARALLEL_STACKS = 2;
