import { describe, expect, it } from 'vitest';
import { mergeOrder } from '../../src/lib/stable-order';

describe('mergeOrder (a list keeps its order after a vote)', () => {
  it('keeps the shown order when the answer re-ranks the same ids', () => {
    // Prepare / Act
    const order = mergeOrder(['a', 'b', 'c'], ['b', 'a', 'c']);

    // Assess
    expect(order).toEqual(['a', 'b', 'c']);
  });

  it('follows the answer when nothing is shown yet', () => {
    // Prepare / Act
    const order = mergeOrder([], ['c', 'a', 'b']);

    // Assess
    expect(order).toEqual(['c', 'a', 'b']);
  });

  it('drops ids the answer no longer has', () => {
    // Prepare / Act
    const order = mergeOrder(['a', 'b', 'c'], ['c', 'a']);

    // Assess
    expect(order).toEqual(['a', 'c']);
  });

  it('puts a next page after the ids shown', () => {
    // Prepare / Act
    const order = mergeOrder(['a', 'b'], ['b', 'a', 'c', 'd']);

    // Assess
    expect(order).toEqual(['a', 'b', 'c', 'd']);
  });

  it('puts new ids before the first shown id the answer lists after them', () => {
    // Prepare / Act
    const order = mergeOrder(['a', 'b', 'c'], ['n', 'm', 'a', 'c', 'o', 'b']);

    // Assess
    expect(order).toEqual(['n', 'm', 'a', 'o', 'b', 'c']);
  });
});
