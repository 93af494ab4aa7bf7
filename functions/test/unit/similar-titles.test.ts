import { describe, expect, it } from 'vitest';
import { DEMO_TRACKER_REQUESTS } from '../../../infra/local/src/seed-tracker-data';
import { subjectOfDocumentId, toSearchDocument } from '../../src/modules/search/documents';
import { createSearchIndex } from '../../src/modules/search/search-index';
import {
  contentWords,
  sharedWordsNeeded,
  similarHits,
} from '../../src/modules/search/similar-titles';

/** The demo tracker requests, indexed as the stack indexes them. */
const seeded = createSearchIndex(
  DEMO_TRACKER_REQUESTS.map((request, index) =>
    toSearchDocument('tracker_request', {
      id: `r${index}`,
      title: request.input.title,
      description: request.input.description,
      tags: [],
      status: 'Open',
      project_id: null,
      votes: 0,
      created_at: '2026-01-01T00:00:00.000Z',
    }),
  ),
);
const titleOf = (id: string) =>
  DEMO_TRACKER_REQUESTS[Number(subjectOfDocumentId(id).id.slice(1))]?.input.title;
const similar = (title: string) =>
  similarHits(seeded, title, 'tracker_request', () => true).map((hit) => titleOf(hit.id));

describe('similar titles', () => {
  it('keeps only the words that say what a title is about', () => {
    expect(contentWords('Firefox stutter after a minute')).toEqual([
      'firefox',
      'stutter',
      'minute',
    ]);
    expect(contentWords('What is it about?')).toEqual([]);
  });

  it('asks for half of the content words, at least one', () => {
    expect([1, 2, 3, 4, 5].map(sharedWordsNeeded)).toEqual([1, 1, 2, 2, 3]);
  });

  it('finds the seeded neighbour of a reworded title and none of the unrelated requests', () => {
    // Act
    const found = similar('Firefox stutter after a minute');
    // Assess
    expect(found).toEqual(['Frame drops after the first minute in Firefox']);
  });

  it('shows nothing for a title of common words only, or sharing one word of several', () => {
    expect(similar('What is it about, then?')).toEqual([]);
    expect(similar('Cards that print the weather forecast')).toEqual([]);
  });

  it('still finds a title by its words typed with a typo or half typed', () => {
    expect(similar('Recuring car')).toContain('Recurring cards');
  });
});
