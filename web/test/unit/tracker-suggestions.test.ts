import { TRACKER_LIMITS } from '@hatchworks/shared/schemas/tracker';
import { describe, expect, it } from 'vitest';
import { suggestionListQuery } from '../../src/features/tracker/api/list-suggestions';
import { suggestionProblem } from '../../src/features/tracker/utils/suggestion-form';
import {
  parseSuggestionView,
  suggestionViewParams,
} from '../../src/features/tracker/utils/suggestion-view';

describe('Project suggestions view in the URL', () => {
  it('reads the group and the sort, falling back to all groups by votes', () => {
    // Prepare
    const urls = ['group=Game+Design&sort=name', 'group=Nope&sort=random', ''];

    // Act
    const views = urls.map((query) => parseSuggestionView(new URLSearchParams(query)));

    // Assess
    expect(views).toEqual([
      { group: 'Game Design', sort: 'name' },
      { group: null, sort: 'votes' },
      { group: null, sort: 'votes' },
    ]);
  });

  it('writes the group and a non-default sort and keeps other parameters', () => {
    // Prepare
    const current = new URLSearchParams('ref=mail&group=Game+Design&sort=date');

    // Act
    const filtered = suggestionViewParams(current, {
      group: 'Games & Game Design',
      sort: 'date',
    });
    const plain = suggestionViewParams(current, { group: null, sort: 'votes' });

    // Assess
    expect(filtered.toString()).toBe('ref=mail&group=Games+%26+Game+Design&sort=date');
    expect(plain.toString()).toBe('ref=mail');
  });

  it('sorts votes and dates highest first and names from A', () => {
    // Prepare / Act
    const queries = (['votes', 'date', 'name'] as const).map((sort) =>
      suggestionListQuery({ group: 'Fiction Projects', sort }),
    );

    // Assess
    expect(queries.map((query) => [query.sort_by, query.sort_direction])).toEqual([
      ['votes', 'desc'],
      ['date', 'desc'],
      ['name', 'asc'],
    ]);
    expect(queries[0]?.group).toBe('Fiction Projects');
  });
});

describe('Suggest Project form', () => {
  const valid = {
    name: 'Pixel garden',
    description: 'Grow pixel plants.',
    rationale: 'Small and fun.',
    group: 'Game Design',
  };

  it('accepts a complete suggestion and a missing group (it defaults)', () => {
    // Prepare / Act
    const complete = suggestionProblem(valid);
    const noGroup = suggestionProblem({ ...valid, group: undefined });

    // Assess
    expect(complete).toBeNull();
    expect(noGroup).toBeNull();
  });

  it('requires the name, the description and the rationale', () => {
    // Prepare / Act
    const problems = (['name', 'description', 'rationale'] as const).map((field) =>
      suggestionProblem({ ...valid, [field]: '   ' }),
    );

    // Assess
    expect(problems).toEqual([
      'Name, description and rationale are required',
      'Name, description and rationale are required',
      'Name, description and rationale are required',
    ]);
  });

  it('refuses a rationale over its bound', () => {
    // Prepare / Act
    const problem = suggestionProblem({
      ...valid,
      rationale: 'x'.repeat(TRACKER_LIMITS.rationaleMax + 1),
    });

    // Assess
    expect(problem).toBe(`Rationale must be at most ${TRACKER_LIMITS.rationaleMax} characters`);
  });
});
