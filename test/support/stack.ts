import { inject } from 'vitest';
import type { TestStack } from './context';

/**
 * The stack of the calling test worker. vitest numbers the workers that run at one time 1…N
 * (`VITEST_POOL_ID`), so two files running together never share a stack.
 */
export function testStack(): TestStack {
  const stacks = inject('stacks');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const stack = stacks[(worker - 1) % stacks.length];
  if (!stack)
    throw new Error('No test stack: run the stack project (its global setup starts them)');
  return stack;
}
