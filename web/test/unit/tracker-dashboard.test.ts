import { describe, expect, it } from 'vitest';
import {
  SEVERAL_PROJECTS_LIMITS,
  activityQuery,
  activitySubtitle,
  itemsToShow,
  knownSelection,
  parseSelection,
  selectionSummary,
  toggleProject,
  topRequestsQuery,
  viewAllHref,
  withSelection,
} from '../../src/features/tracker/utils/dashboard-selection';
import { statsSum } from '../../src/features/tracker/components/stats-strip';
import {
  actionLabel,
  activityAuthor,
  activityTone,
} from '../../src/features/tracker/utils/activity-labels';

const item = (id: string, project: string | null) => ({ id, project });
const projectOf = (entry: { project: string | null }) => entry.project;

describe('Tracker dashboard selection', () => {
  it('toggles a project in and out and keeps the order of picking', () => {
    // Prepare
    let selection: readonly string[] = [];

    // Act
    selection = toggleProject(selection, 'b');
    selection = toggleProject(selection, 'a');
    const both = selection;
    selection = toggleProject(selection, 'b');

    // Assess
    expect(both).toEqual(['b', 'a']);
    expect(selection).toEqual(['a']);
  });

  it('drops picked projects that no longer exist', () => {
    // Prepare / Act
    const selection = knownSelection(['a', 'gone', 'c'], ['a', 'b', 'c']);

    // Assess
    expect(selection).toEqual(['a', 'c']);
  });

  it('asks for 10 requests and 20 activity entries of every project when none is selected', () => {
    // Prepare / Act
    const top = topRequestsQuery([]);
    const activity = activityQuery([]);

    // Assess
    expect(top).toEqual({ limit: 10 });
    expect(activity).toEqual({ limit: 20 });
  });

  it('asks the API for the one selected project by its id', () => {
    // Prepare / Act
    const top = topRequestsQuery(['p1']);
    const activity = activityQuery(['p1']);

    // Assess
    expect(top).toEqual({ projectId: 'p1', limit: 10 });
    expect(activity).toEqual({ projectId: 'p1', limit: 20 });
  });

  it('uses the wider limit and keeps the selected projects on the client for several', () => {
    // Prepare / Act
    const top = topRequestsQuery(['p2', 'p1']);
    const activity = activityQuery(['p1', 'p2']);

    // Assess
    expect(top).toEqual({ limit: SEVERAL_PROJECTS_LIMITS.topRequests, keepProjects: ['p1', 'p2'] });
    expect(activity).toEqual({
      limit: SEVERAL_PROJECTS_LIMITS.activity,
      keepProjects: ['p1', 'p2'],
    });
    expect(SEVERAL_PROJECTS_LIMITS.topRequests).toBeLessThanOrEqual(100);
  });

  it('shows the first items of the kept projects only, at most the number shown', () => {
    // Prepare
    const items = [
      item('1', 'p3'),
      item('2', 'p1'),
      item('3', null),
      item('4', 'p2'),
      item('5', 'p1'),
      item('6', 'p2'),
    ];

    // Act
    const several = itemsToShow(items, { limit: 100, keepProjects: ['p1', 'p2'] }, projectOf, 3);
    const all = itemsToShow(items, { limit: 10 }, projectOf, 3);

    // Assess
    expect(several.map((entry) => entry.id)).toEqual(['2', '4', '5']);
    expect(all.map((entry) => entry.id)).toEqual(['1', '2', '3']);
  });

  it("titles the activity 'All projects', 'Selected project' or '{n} selected projects'", () => {
    // Prepare / Act
    const subtitles = [[], ['a'], ['a', 'b'], ['a', 'b', 'c']].map(activitySubtitle);

    // Assess
    expect(subtitles).toEqual([
      'All projects',
      'Selected project',
      '2 selected projects',
      '3 selected projects',
    ]);
  });

  it("points 'View All' at the one selected project, else at every request", () => {
    // Prepare / Act
    const none = viewAllHref('/tracker/requests', []);
    const one = viewAllHref('/tracker/requests', ['01 A&B']);
    const two = viewAllHref('/tracker/requests', ['a', 'b']);

    // Assess
    expect(none).toBe('/tracker/requests');
    expect(one).toBe('/tracker/requests?project=01+A%26B');
    expect(two).toBe('/tracker/requests');
  });
});

describe('Tracker dashboard selection in one line and in the URL', () => {
  const projects = [
    { id: 'a', title: 'Eggshell Chronicles' },
    { id: 'b', title: 'Nest Builder' },
    { id: 'c', title: 'Yolk' },
  ];

  it("sums the selection up: 'All projects', one title, or the first and how many more", () => {
    // Prepare / Act
    const lines = [[], ['b'], ['a', 'c', 'b'], ['gone']].map((selection) =>
      selectionSummary(selection, projects),
    );

    // Assess
    expect(lines).toEqual([
      'All projects',
      'Nest Builder',
      'Eggshell Chronicles +2',
      'All projects',
    ]);
  });

  it('reads and writes the selection as repeated project parameters, keeping the others', () => {
    // Prepare
    const params = new URLSearchParams('project=b&x=1&project=a&project=b&project=');

    // Act
    const selection = parseSelection(params);
    const written = withSelection(params, ['c', 'a']).toString();
    const cleared = withSelection(params, []).toString();

    // Assess
    expect(selection).toEqual(['b', 'a']);
    expect(written).toBe('x=1&project=c&project=a');
    expect(cleared).toBe('x=1');
  });
});

describe('Tracker statistics strip', () => {
  it('shows how the requests add up, one term per status of the status filter', () => {
    // Prepare / Act
    const line = statsSum({
      projects: { total: 11 },
      feature_requests: {
        total: 1016,
        open: 1008,
        planned: 2,
        in_progress: 2,
        completed: 3,
        closed: 1,
      },
    });

    // Assess
    expect(line).toBe(
      '1,016 tracker requests = 1,008 open + 2 planned + 2 in progress + 3 completed + 1 closed',
    );
  });
});

describe('Tracker activity entries', () => {
  it('colours the dot by type for creations, one colour for completions, neutral otherwise', () => {
    // Prepare / Act
    const tones = [
      activityTone({ type: 'feature_request', action: 'created' }),
      activityTone({ type: 'project_suggestion', action: 'created' }),
      activityTone({ type: 'feature_request', action: 'completed' }),
      activityTone({ type: 'project_suggestion', action: 'archived' }),
    ];

    // Assess
    expect(tones).toEqual(['request', 'suggestion', 'completed', 'other']);
  });

  it('labels the action in words, whatever the API calls it', () => {
    // Prepare / Act
    const labels = ['created', 'completed', 'status_changed', '  '].map(actionLabel);

    // Assess
    expect(labels).toEqual(['Created', 'Completed', 'Status changed', 'Other']);
  });

  it("names the author, or 'Anonymous' for a visitor", () => {
    // Prepare / Act
    const names = ['Ada', null, '  '].map(activityAuthor);

    // Assess
    expect(names).toEqual(['Ada', 'Anonymous', 'Anonymous']);
  });
});
