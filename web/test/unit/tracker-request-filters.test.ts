import { describe, expect, it } from 'vitest';
import { TRACKER_MESSAGES } from '@hatchworks/shared/schemas/tracker';
import { trackerRequestProblem } from '../../src/features/tracker/api/create-request';
import {
  DEFAULT_REQUEST_FILTER,
  changedFilters,
  isFiltered,
  matchesRequestFilter,
  parseRequestFilter,
  requestListQuery,
  withRequestFilter,
} from '../../src/features/tracker/utils/request-filters';

describe('Tracker request filters in the URL', () => {
  it('reads every filter and the sort from a shared link', () => {
    // Prepare
    const params = new URLSearchParams(
      'project=01ABC&status=In+Progress&priority=High&category=UI%2FUX+Improvement&sort=date&direction=asc',
    );

    // Act
    const filter = parseRequestFilter(params);

    // Assess
    expect(filter).toEqual({
      project: '01ABC',
      status: 'In Progress',
      priority: 'High',
      category: 'UI/UX Improvement',
      sort: 'date',
      direction: 'asc',
    });
  });

  it('falls back to "all" and the default sort for missing or unknown values', () => {
    // Prepare
    const params = new URLSearchParams(
      `project=%20%20&status=open&priority=Urgent&category=&sort=eggs&direction=up`,
    );

    // Act
    const filter = parseRequestFilter(params);
    const empty = parseRequestFilter(new URLSearchParams());
    const tooLong = parseRequestFilter(new URLSearchParams({ project: 'x'.repeat(65) }));

    // Assess
    expect(filter).toEqual({
      project: undefined,
      status: undefined,
      priority: undefined,
      category: undefined,
      sort: 'votes',
      direction: 'desc',
    });
    expect(empty).toEqual({ ...DEFAULT_REQUEST_FILTER, ...filter });
    expect(tooLong.project).toBeUndefined();
  });

  it('writes a filter back, leaving out "all" and the default sort and keeping other parameters', () => {
    // Prepare
    const current = new URLSearchParams('status=Open&priority=Low&utm_source=mail&sort=date');

    // Act
    const next = withRequestFilter(current, {
      project: 'p1',
      priority: 'Critical',
      sort: 'votes',
      direction: 'asc',
    });

    // Assess
    expect(next.toString()).toBe('priority=Critical&utm_source=mail&project=p1&direction=asc');
    expect(current.toString()).toBe('status=Open&priority=Low&utm_source=mail&sort=date');
  });

  it('round-trips: what is written is what is read', () => {
    // Prepare
    const filter = {
      project: 'p9',
      status: 'Closed',
      category: 'Bug Fix',
      sort: 'priority',
      direction: 'desc',
    } as const;

    // Act
    const read = parseRequestFilter(withRequestFilter(new URLSearchParams(), filter));

    // Assess
    expect(read).toEqual({ ...filter, priority: undefined });
  });

  it('turns a filter into the API query with the page size', () => {
    // Prepare / Act
    const query = requestListQuery({ status: 'Open', sort: 'date', direction: 'asc' });
    const sized = requestListQuery(DEFAULT_REQUEST_FILTER, 5);

    // Assess
    expect(query).toEqual({
      project_id: undefined,
      status: 'Open',
      priority: undefined,
      category: undefined,
      sort_by: 'date',
      sort_direction: 'asc',
      limit: 20,
    });
    expect(sized.limit).toBe(5);
    expect(sized.sort_by).toBe('votes');
    expect(sized.sort_direction).toBe('desc');
  });

  it('counts only the four filters as narrowing the list, not the sort', () => {
    // Prepare / Act / Assess
    expect(isFiltered(DEFAULT_REQUEST_FILTER)).toBe(false);
    expect(isFiltered({ ...DEFAULT_REQUEST_FILTER, sort: 'date', direction: 'asc' })).toBe(false);
    expect(isFiltered({ ...DEFAULT_REQUEST_FILTER, category: 'Enhancement' })).toBe(true);
    expect(isFiltered({ ...DEFAULT_REQUEST_FILTER, project: 'p1' })).toBe(true);
  });
});

describe('Tracker request form checks', () => {
  const valid = { title: 'Dark mode', description: 'Easier on the eyes.' };

  it('asks for a title and a description, blank after trimming counting as missing', () => {
    // Prepare / Act
    const problems = [
      trackerRequestProblem({ ...valid, title: '   ' }),
      trackerRequestProblem({ ...valid, description: '\n' }),
      trackerRequestProblem(valid),
    ];

    // Assess
    expect(problems).toEqual([
      TRACKER_MESSAGES.titleAndDescription,
      TRACKER_MESSAGES.titleAndDescription,
      null,
    ]);
  });

  it("answers the API's messages for too long a title and too many tags", () => {
    // Prepare / Act
    const longTitle = trackerRequestProblem({ ...valid, title: 'x'.repeat(256) });
    const manyTags = trackerRequestProblem({
      ...valid,
      tags: Array.from({ length: 11 }, (_, index) => `tag${index}`).join(', '),
    });
    const longTag = trackerRequestProblem({ ...valid, tags: `ui, ${'y'.repeat(31)}` });

    // Assess
    expect(longTitle).toBe(TRACKER_MESSAGES.titleTooLong);
    expect(manyTags).toBe(TRACKER_MESSAGES.tooManyTags);
    expect(longTag).toBe(TRACKER_MESSAGES.tagTooLong);
  });

  it('accepts the defaults: no category, priority, project or tags', () => {
    // Prepare / Act
    const problem = trackerRequestProblem({ ...valid, project_id: '', tags: '' });

    // Assess
    expect(problem).toBeNull();
  });
});

describe('Tracker request filter matching', () => {
  const request = {
    project_id: 'p1',
    status: 'Open',
    priority: 'Low',
    category: 'Bug Fix',
  } as const;

  it('matches every filter the request satisfies, and the unfiltered list', () => {
    // Prepare / Act
    const matches = [
      matchesRequestFilter(request, DEFAULT_REQUEST_FILTER),
      matchesRequestFilter(request, {
        ...DEFAULT_REQUEST_FILTER,
        project: 'p1',
        status: 'Open',
        priority: 'Low',
        category: 'Bug Fix',
      }),
    ];

    // Assess
    expect(matches).toEqual([true, true]);
  });

  it('does not match when any one filter differs, or a project is asked for and it has none', () => {
    // Prepare / Act
    const matches = [
      matchesRequestFilter(request, { ...DEFAULT_REQUEST_FILTER, project: 'p2' }),
      matchesRequestFilter(request, { ...DEFAULT_REQUEST_FILTER, status: 'Closed' }),
      matchesRequestFilter(request, { ...DEFAULT_REQUEST_FILTER, priority: 'High' }),
      matchesRequestFilter(request, { ...DEFAULT_REQUEST_FILTER, category: 'Enhancement' }),
      matchesRequestFilter(
        { ...request, project_id: null },
        { ...DEFAULT_REQUEST_FILTER, project: 'p1' },
      ),
    ];

    // Assess
    expect(matches).toEqual([false, false, false, false, false]);
  });
});

describe("The phone's 'Filters (n)' count", () => {
  it('counts the filters and sort fields set away from their defaults, not the search', () => {
    // Prepare
    const views = [
      'q=dark+mode',
      'status=Open&priority=High',
      'project=01ABC&status=Closed&priority=Low&category=Bug+Fix&sort=date&direction=asc',
    ];

    // Act
    const counts = views.map((view) =>
      changedFilters(parseRequestFilter(new URLSearchParams(view))),
    );

    // Assess
    expect(changedFilters(DEFAULT_REQUEST_FILTER)).toBe(0);
    expect(counts).toEqual([0, 2, 6]);
  });
});
