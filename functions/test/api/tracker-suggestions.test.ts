import { beforeAll, describe, expect, it } from 'vitest';
import type { ProjectSuggestion } from '@hatchworks/shared/schemas/tracker';
import {
  TrackerClient,
  listSuggestions,
  postSuggestion,
  submitSuggestion,
  suggestionInput,
  votesFromStrangers,
} from '../../../test/support/tracker';

const ids = (suggestions: readonly ProjectSuggestion[]) => suggestions.map((each) => each.id);

describe('POST /api/tracker/project-suggestions', () => {
  it("stores a suggestion in 'Fiction Projects' unless a group is given", async () => {
    // Act
    const answer = await postSuggestion(new TrackerClient(), {
      name: '  Lighthouse  ',
      description: 'A text adventure.',
      rationale: 'Fun.',
    });
    // Assess
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      name: 'Lighthouse',
      description: 'A text adventure.',
      rationale: 'Fun.',
      suggested_group: 'Fiction Projects',
      votes: 0,
      my_vote: null,
    });
  });

  it.each([
    'Fiction Projects',
    'Web Applications',
    'Games & Game Design',
    'Game Design',
    'AI & Development Tools',
  ])('accepts the group %s', async (group) => {
    const answer = await postSuggestion(new TrackerClient(), suggestionInput({ group }));

    expect(answer.status).toBe(201);
    expect(answer.body.data.suggested_group).toBe(group);
  });

  it.each([
    [{ name: ' ' }, 'Name, description and rationale are required'],
    [{ description: undefined }, 'Name, description and rationale are required'],
    [{ rationale: '' }, 'Name, description and rationale are required'],
    [{ name: 'x'.repeat(256) }, 'Name must be at most 255 characters'],
    [{ description: 'x'.repeat(5001) }, 'Description must be at most 5000 characters'],
    [{ rationale: 'x'.repeat(2001) }, 'Rationale must be at most 2000 characters'],
    [
      { group: 'Music' },
      'Group must be one of: Fiction Projects, Web Applications, Games & Game Design, Game Design, AI & Development Tools',
    ],
  ])('refuses %j with "%s"', async (overrides, message) => {
    const answer = await postSuggestion(new TrackerClient(), suggestionInput(overrides));

    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', error: message });
  });

  it('answers a filled honeypot with a success that stores nothing', async () => {
    // Prepare
    const name = `Bot ${Date.now()}`;
    // Act
    const answer = await postSuggestion(
      new TrackerClient(),
      suggestionInput({ name, website: 'spam' }),
    );
    // Assess
    expect(answer.status).toBe(201);
    const listed = await listSuggestions({ sort_by: 'date', limit: 100 });
    expect(listed.body.data.project_suggestions.map((each) => each.name)).not.toContain(name);
  });
});

describe('GET /api/tracker/project-suggestions', () => {
  // 'Game Design' suggestions of this run, named so that name order differs from date order.
  let bravo: ProjectSuggestion;
  let alpha: ProjectSuggestion;
  let charlie: ProjectSuggestion;
  let other: ProjectSuggestion;
  const tag = Date.now().toString(36);

  beforeAll(async () => {
    bravo = await submitSuggestion({ name: `zz ${tag} bravo`, group: 'Game Design' });
    alpha = await submitSuggestion({ name: `ZZ ${tag} alpha`, group: 'Game Design' });
    charlie = await submitSuggestion({ name: `zz ${tag} charlie`, group: 'Game Design' });
    other = await submitSuggestion({ group: 'Web Applications' });
    await votesFromStrangers('project_suggestion', charlie.id, 2);
    await votesFromStrangers('project_suggestion', bravo.id, 1, 'down');
  });

  const mine = (suggestions: readonly ProjectSuggestion[]) =>
    ids(suggestions).filter((id) => [alpha.id, bravo.id, charlie.id].includes(id));

  it("lists one group's suggestions, newest first by date", async () => {
    const answer = await listSuggestions({ group: 'Game Design', sort_by: 'date', limit: 100 });

    expect(answer.status).toBe(200);
    const listed = answer.body.data.project_suggestions;
    expect(listed.every((each) => each.suggested_group === 'Game Design')).toBe(true);
    expect(ids(listed).slice(0, 3)).toEqual([charlie.id, alpha.id, bravo.id]);
    expect(ids(listed)).not.toContain(other.id);
  });

  it('lists every group when no group is given', async () => {
    const answer = await listSuggestions({ sort_by: 'date', limit: 4 });

    expect(ids(answer.body.data.project_suggestions)).toEqual([
      other.id,
      charlie.id,
      alpha.id,
      bravo.id,
    ]);
  });

  it('sorts by name ignoring case, either way', async () => {
    const descending = await listSuggestions({ group: 'Game Design', sort_by: 'name', limit: 100 });
    const ascending = await listSuggestions({
      group: 'Game Design',
      sort_by: 'name',
      sort_direction: 'asc',
      limit: 100,
    });

    expect(mine(descending.body.data.project_suggestions)).toEqual([
      charlie.id,
      bravo.id,
      alpha.id,
    ]);
    expect(mine(ascending.body.data.project_suggestions)).toEqual([alpha.id, bravo.id, charlie.id]);
  });

  it('sorts by votes by default, most first', async () => {
    const answer = await listSuggestions({ group: 'Game Design', limit: 100 });

    const listed = answer.body.data.project_suggestions;
    expect(mine(listed)).toEqual([charlie.id, alpha.id, bravo.id]);
    const votes = listed.map((each) => each.votes);
    expect(votes).toEqual([...votes].sort((a, b) => b - a));
  });

  it('pages with the cursor', async () => {
    // Act
    const first = await listSuggestions({ group: 'Game Design', sort_by: 'date', limit: 2 });
    const second = await listSuggestions({
      group: 'Game Design',
      sort_by: 'date',
      limit: 2,
      cursor: first.body.next_cursor ?? undefined,
    });
    // Assess
    expect(ids(first.body.data.project_suggestions)).toEqual([charlie.id, alpha.id]);
    expect(ids(second.body.data.project_suggestions)[0]).toBe(bravo.id);
  });

  it.each([{ group: 'Music' }, { sort_by: 'priority' }, { sort_direction: 'up' }])(
    'refuses the query %j with 400',
    async (params) => {
      const answer = await listSuggestions(params);

      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('VALIDATION_ERROR');
    },
  );
});
