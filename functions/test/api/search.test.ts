import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Feature, FeatureList } from '@hatchworks/shared/schemas/features';
import type { Project } from '@hatchworks/shared/schemas/projects';
import type { SimilarList } from '@hatchworks/shared/schemas/search-similar';
import { api } from '../../../test/support/api';
import { bearer, registerAdmin, registerUser } from '../../../test/support/accounts';
import { createProject, featureInput, postFeature } from '../../../test/support/features';
import {
  TrackerClient,
  listRequests,
  listSuggestions,
  submitRequest,
  submitSuggestion,
  votesFromStrangers,
  type AnswerBody,
} from '../../../test/support/tracker';

/**
 * Search over HTTP. Every test invents a word no other test (and no seed) uses, so its
 * results are its own; the index is patched from the table's stream, so a subject written just
 * now is found after the consumer ran (polled, with a timeout).
 */

/** A made-up word of 14 lower-case letters, unique to the test that asks for it. */
function inventWord(): string {
  const letters = 'bcdfghjklmnprstvwz';
  const bytes = randomBytes(8);
  const tail = [...bytes].map((byte) => letters[byte % letters.length]).join('');
  return `quor${tail}ex`;
}

/** The word with one letter in its middle changed: a typo one edit away. */
function misspell(word: string): string {
  const at = Math.floor(word.length / 2);
  return `${word.slice(0, at)}${word[at] === 'a' ? 'e' : 'a'}${word.slice(at + 1)}`;
}

/** The word with its second and third letters swapped (never equal in an invented word). */
function transpose(word: string): string {
  return `${word[0]}${word[2]}${word[1]}${word.slice(3)}`;
}

/** Asks again every 200 ms until `check` passes on the answer, for at most 10 s. */
async function eventually<T>(ask: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await ask();
    if (check(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) search.set(name, String(value));
  }
  return `?${search}`;
};

function searchFeatures(params: Record<string, string | number | undefined>, token?: string) {
  return api<AnswerBody<FeatureList>>(`/api/features${query(params)}`, {
    headers: token ? bearer(token) : {},
  });
}

function similar(params: Record<string, string | number | undefined>, token?: string) {
  return api<AnswerBody<SimilarList>>(`/api/search/similar${query(params)}`, {
    headers: token ? bearer(token) : {},
  });
}

const ids = (items: readonly { id: string }[] | undefined) => (items ?? []).map((item) => item.id);

function moderate(adminToken: string, id: string, action: 'approve' | 'reject') {
  return api(`/api/admin/features/${id}/${action}`, {
    method: 'POST',
    headers: bearer(adminToken),
    json: { notes: 'Checked.' },
  });
}

/** A feature whose title carries `word`, created by a fresh account. */
async function featureWith(
  word: string,
  projectId: string,
  overrides: Record<string, unknown> = {},
): Promise<Feature> {
  const author = await registerUser();
  const answer = await postFeature(
    author.token,
    featureInput(projectId, { title: `Export the ${word} report`, ...overrides }),
  );
  if (answer.status !== 201) throw new Error(`feature: ${answer.status}`);
  return answer.body.data;
}

let admin: Awaited<ReturnType<typeof registerAdmin>>;
let project: Project;

beforeAll(async () => {
  admin = await registerAdmin();
  project = await createProject(admin.token);
});

describe('GET /api/features?q=', () => {
  it('finds a request by a misspelled word; pending and rejected ones only for admins', async () => {
    const word = inventWord();
    const approved = await featureWith(word, project.id);
    await moderate(admin.token, approved.id, 'approve');
    const pending = await featureWith(word, project.id);
    const rejected = await featureWith(word, project.id);
    await moderate(admin.token, rejected.id, 'reject');
    const all = [approved.id, pending.id, rejected.id];

    const asAdmin = await eventually(
      () => searchFeatures({ q: misspell(word) }, admin.token),
      (answer) => ids(answer.body.data?.features).length === 3,
    );
    const anonymous = await searchFeatures({ q: misspell(word) });
    const someone = await registerUser();
    const asOther = await searchFeatures({ q: word }, someone.token);

    expect(asAdmin.status).toBe(200);
    expect(ids(asAdmin.body.data.features).sort()).toEqual([...all].sort());
    expect(anonymous.status).toBe(200);
    expect(ids(anonymous.body.data.features)).toEqual([approved.id]);
    expect(anonymous.body.data.features[0]).toMatchObject({
      id: approved.id,
      status: 'approved',
      project: { title: project.title },
    });
    expect(anonymous.body.next_cursor).toBeNull();
    expect(ids(asOther.body.data.features)).toEqual([approved.id]);
    const pendingForOther = await searchFeatures({ q: word, status: 'pending' }, someone.token);
    expect(pendingForOther.status).toBe(403);
    const pendingForAdmin = await searchFeatures({ q: word, status: 'pending' }, admin.token);
    expect(ids(pendingForAdmin.body.data.features)).toEqual([pending.id]);
  });

  it('counts swapped letters as one typo in every word ("exprot", "reprot")', async () => {
    const word = inventWord();
    const feature = await featureWith(word, project.id);
    await moderate(admin.token, feature.id, 'approve');

    const answer = await eventually(
      () => searchFeatures({ q: `exprot ${transpose(word)} reprot` }),
      // Until the index has it, other requests match some of the words.
      (found) => found.body.data?.match === 'all',
    );

    expect(answer.status).toBe(200);
    expect(ids(answer.body.data.features)).toEqual([feature.id]);
  });

  it('applies the project filter, ranks title matches first and pages with its own cursor', async () => {
    const word = inventWord();
    const other = await createProject(admin.token);
    const inTitle = await featureWith(word, project.id);
    const inDescription = await featureWith(word, project.id, {
      title: 'Quarterly numbers',
      description: `Numbers for the ${word} team, every quarter.`,
    });
    const elsewhere = await featureWith(word, other.id);
    for (const feature of [inTitle, inDescription, elsewhere]) {
      await moderate(admin.token, feature.id, 'approve');
    }

    const everywhere = await eventually(
      () => searchFeatures({ q: word }),
      (answer) => ids(answer.body.data?.features).length === 3,
    );
    const first = await searchFeatures({
      q: word,
      project_id: project.id,
      limit: 1,
      // Sort parameters are accepted and ignored: the order is relevance.
      sort_by: 'total_eggs',
      sort_direction: 'desc',
    });
    const second = await searchFeatures({
      q: word,
      project_id: project.id,
      limit: 1,
      cursor: first.body.next_cursor ?? undefined,
    });

    expect(ids(everywhere.body.data.features)).toHaveLength(3);
    expect(first.status).toBe(200);
    expect(ids(first.body.data.features)).toEqual([inTitle.id]);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    expect(ids(second.body.data.features)).toEqual([inDescription.id]);
    expect(second.body.next_cursor).toBeNull();
    // A cursor of another search, or of the plain list, is refused.
    const foreign = await searchFeatures({
      q: inventWord(),
      project_id: project.id,
      cursor: first.body.next_cursor ?? undefined,
    });
    expect(foreign.status).toBe(400);
    const listCursor = (await api<AnswerBody<FeatureList>>('/api/features?limit=1')).body
      .next_cursor;
    expect(listCursor).toEqual(expect.any(String));
    const fromList = await searchFeatures({ q: word, cursor: listCursor ?? undefined });
    expect(fromList.status).toBe(400);
    const toList = await api(`/api/features?cursor=${first.body.next_cursor}`);
    expect(toList.status).toBe(400);
  });

  it('reflects an approval: a request becomes visible to everyone once approved', async () => {
    const word = inventWord();
    const feature = await featureWith(word, project.id);
    await eventually(
      () => searchFeatures({ q: word }, admin.token),
      (answer) => ids(answer.body.data?.features).length === 1,
    );
    expect(ids((await searchFeatures({ q: word })).body.data.features)).toEqual([]);

    await moderate(admin.token, feature.id, 'approve');

    const after = await eventually(
      () => searchFeatures({ q: word }),
      (answer) => ids(answer.body.data?.features).length === 1,
    );
    expect(ids(after.body.data.features)).toEqual([feature.id]);
    expect(after.body.data.features[0]?.status).toBe('approved');
  });

  it('validates q: over 200 characters is a 400, blank is the plain list', async () => {
    const long = await searchFeatures({ q: 'a'.repeat(201) });
    const blank = await searchFeatures({ q: '   ', limit: 2 });
    const plain = await searchFeatures({ limit: 2 });

    expect(long.status).toBe(400);
    expect(long.body.details).toEqual([
      { field: 'q', message: 'Search must be at most 200 characters' },
    ]);
    expect(blank.status).toBe(200);
    expect(ids(blank.body.data.features)).toEqual(ids(plain.body.data.features));
  });
});

describe('GET /api/tracker/feature-requests?q=', () => {
  it('finds a new request once the stream consumer ran, with its filters and my_vote', async () => {
    const word = inventWord();
    const client = await TrackerClient.visitor();
    const bug = await submitRequest({ title: `The ${word} page crashes`, category: 'Bug Fix' });
    const idea = await submitRequest({
      title: `A ${word} widget`,
      category: 'New Feature',
      priority: 'High',
    });

    const all = await eventually(
      () => listRequests({ q: misspell(word) }, client),
      (answer) => ids(answer.body.data?.feature_requests).length === 2,
    );
    const bugs = await listRequests({ q: word, category: 'Bug Fix' }, client);
    const high = await listRequests({ q: word, priority: 'High', sort_by: 'date' }, client);
    const closed = await listRequests({ q: word, status: 'Closed' }, client);

    expect(ids(all.body.data.feature_requests).sort()).toEqual([bug.id, idea.id].sort());
    expect(all.body.data.feature_requests[0]).toMatchObject({ my_vote: null, comment_count: 0 });
    expect(ids(bugs.body.data.feature_requests)).toEqual([bug.id]);
    expect(ids(high.body.data.feature_requests)).toEqual([idea.id]);
    expect(ids(closed.body.data.feature_requests)).toEqual([]);
  });

  it('reflects a status change and answers live vote counts', async () => {
    const word = inventWord();
    const request = await submitRequest({ title: `Sync the ${word} calendar` });
    await eventually(
      () => listRequests({ q: word }),
      (answer) => ids(answer.body.data?.feature_requests).length === 1,
    );
    await votesFromStrangers('feature_request', request.id, 2);

    const changed = await api(`/api/tracker/feature-requests/${request.id}/status`, {
      method: 'PUT',
      headers: bearer(admin.token),
      json: { status: 'planned' },
    });
    expect(changed.status).toBe(200);

    const planned = await eventually(
      () => listRequests({ q: word, status: 'Planned' }),
      (answer) => ids(answer.body.data?.feature_requests).length === 1,
    );
    expect(planned.body.data.feature_requests[0]).toMatchObject({
      id: request.id,
      status: 'Planned',
      votes: 2,
    });
    const open = await listRequests({ q: word, status: 'Open' });
    expect(ids(open.body.data.feature_requests)).toEqual([]);
  });
});

describe('GET /api/tracker/project-suggestions?q=', () => {
  it('searches names and rationales, filtered by group', async () => {
    const word = inventWord();
    const named = await submitSuggestion({ name: `The ${word} chronicles`, group: 'Game Design' });
    const reasoned = await submitSuggestion({
      rationale: `Everyone asks for ${word} stories.`,
      group: 'Fiction Projects',
    });

    const all = await eventually(
      () => listSuggestions({ q: misspell(word) }),
      (answer) => ids(answer.body.data?.project_suggestions).length === 2,
    );
    const games = await listSuggestions({ q: word, group: 'Game Design' });

    // The name is boosted over the rationale.
    expect(ids(all.body.data.project_suggestions)).toEqual([named.id, reasoned.id]);
    expect(ids(games.body.data.project_suggestions)).toEqual([named.id]);
  });
});

describe('partial matches: no item has every word', () => {
  it('a tracker request search answers the requests with some of the words, marked, filtered and paged', async () => {
    const word = inventWord();
    const nonsense = inventWord();
    const client = await TrackerClient.visitor();
    const bug = await submitRequest({ title: `The ${word} page crashes`, category: 'Bug Fix' });
    const idea = await submitRequest({ title: `A ${word} widget`, category: 'New Feature' });
    await eventually(
      () => listRequests({ q: word }, client),
      (answer) => ids(answer.body.data?.feature_requests).length === 2,
    );

    const every = await listRequests({ q: `${word} widget` }, client);
    const some = await listRequests({ q: `${word} ${nonsense}` }, client);
    const bugs = await listRequests({ q: `${word} ${nonsense}`, category: 'Bug Fix' }, client);
    const first = await listRequests({ q: `${nonsense} ${word}`, limit: 1 }, client);
    const second = await listRequests(
      { q: `${nonsense} ${word}`, limit: 1, cursor: first.body.next_cursor ?? undefined },
      client,
    );
    const none = await listRequests({ q: `${nonsense} ${inventWord()}` }, client);
    const plain = await listRequests({ limit: 1 }, client);

    expect(every.body.data).toMatchObject({ match: 'all' });
    expect(ids(every.body.data.feature_requests)).toEqual([idea.id]);
    expect(some.status).toBe(200);
    expect(some.body.data.match).toBe('some');
    expect(ids(some.body.data.feature_requests).sort()).toEqual([bug.id, idea.id].sort());
    expect(some.body.data.feature_requests[0]).toMatchObject({ my_vote: null });
    expect(bugs.body.data).toMatchObject({ match: 'some' });
    expect(ids(bugs.body.data.feature_requests)).toEqual([bug.id]);
    // The next page goes on through the same partial matches.
    expect(first.body.data.match).toBe('some');
    expect(second.body.data.match).toBe('some');
    expect(
      [...ids(first.body.data.feature_requests), ...ids(second.body.data.feature_requests)].sort(),
    ).toEqual([bug.id, idea.id].sort());
    expect(second.body.next_cursor).toBeNull();
    // Nothing with any of the words: the usual empty answer.
    expect(none.body.data).toEqual({ feature_requests: [], match: 'all' });
    // No search, no match.
    expect(plain.body.data).not.toHaveProperty('match');
  });

  it('the feature list keeps its visibility, the suggestions their group', async () => {
    const word = inventWord();
    const nonsense = inventWord();
    const approved = await featureWith(word, project.id);
    await moderate(admin.token, approved.id, 'approve');
    const pending = await featureWith(word, project.id);
    const named = await submitSuggestion({ name: `The ${word} chronicles`, group: 'Game Design' });
    await submitSuggestion({ name: `More ${word} stories`, group: 'Fiction Projects' });

    const asAdmin = await eventually(
      () => searchFeatures({ q: `${word} ${nonsense}` }, admin.token),
      (answer) => ids(answer.body.data?.features).length === 2,
    );
    const anonymous = await searchFeatures({ q: `${word} ${nonsense}` });
    const games = await eventually(
      () => listSuggestions({ q: `${nonsense} ${word}`, group: 'Game Design' }),
      (answer) => ids(answer.body.data?.project_suggestions).length === 1,
    );

    expect(asAdmin.body.data.match).toBe('some');
    expect(ids(asAdmin.body.data.features).sort()).toEqual([approved.id, pending.id].sort());
    expect(anonymous.body.data.match).toBe('some');
    expect(ids(anonymous.body.data.features)).toEqual([approved.id]);
    expect(games.body.data.match).toBe('some');
    expect(ids(games.body.data.project_suggestions)).toEqual([named.id]);
  });
});

describe('GET /api/search/similar', () => {
  it('answers at most five similar tracker requests with their votes', async () => {
    const word = inventWord();
    const requests = [];
    for (let i = 0; i < 6; i += 1) {
      requests.push(await submitRequest({ title: `Offline ${word} mode ${i}` }));
    }
    await votesFromStrangers('feature_request', requests[0]!.id, 1);

    const answer = await eventually(
      () => similar({ type: 'tracker_request', q: `offline ${misspell(word)}` }),
      (value) => (value.body.data?.items.length ?? 0) === 5,
    );

    expect(answer.status).toBe(200);
    expect(answer.body.data.items).toHaveLength(5);
    for (const item of answer.body.data.items) {
      expect(ids(requests)).toContain(item.id);
      expect(item).toMatchObject({ type: 'tracker_request', status: 'Open', project: null });
      expect(item.votes).toEqual(expect.any(Number));
      expect(item.total_eggs).toBeUndefined();
    }
  });

  it('shows approved features with eggs and votes, never pending or rejected ones', async () => {
    const word = inventWord();
    const voter = await registerUser();
    const renamed = await featureWith(word, project.id);
    await moderate(admin.token, renamed.id, 'approve');
    const pending = await featureWith(word, project.id);
    const rejected = await featureWith(word, project.id);
    await moderate(admin.token, rejected.id, 'reject');
    const voted = await api('/api/features/vote', {
      method: 'POST',
      headers: bearer(voter.token),
      json: { feature_id: renamed.id, eggs_allocated: 30 },
    });
    expect(voted.status).toBe(200);

    const answer = await eventually(
      () => similar({ type: 'feature', q: `${word} report` }, admin.token),
      (value) => (value.body.data?.items ?? []).some((item) => item.id === renamed.id),
    );

    const found = answer.body.data.items;
    expect(ids(found)).toContain(renamed.id);
    expect(ids(found)).not.toContain(pending.id);
    expect(ids(found)).not.toContain(rejected.id);
    expect(found.find((item) => item.id === renamed.id)).toEqual({
      type: 'feature',
      id: renamed.id,
      title: renamed.title,
      status: 'approved',
      project: { id: project.id, title: project.title },
      total_eggs: 30,
      vote_count: 1,
    });
    expect(found.length).toBeLessThanOrEqual(5);
  });

  it('shows the neighbour of a reworded title, without requests sharing only common words', async () => {
    // Prepare: the seed's titles (the unrelated ones first, so they are indexed by the time the
    // neighbour is)
    const noise = [
      await submitRequest({ title: 'RSS feed of new projects' }),
      await submitRequest({ title: 'Recurring cards after a minute' }),
    ];
    const neighbour = await submitRequest({
      title: 'Frame drops after the first minute in Firefox',
    });

    // Act
    const answer = await eventually(
      () => similar({ type: 'tracker_request', q: 'Firefox stutter after a minute' }),
      (value) => ids(value.body.data?.items ?? []).includes(neighbour.id),
    );

    // Assess
    const found = ids(answer.body.data.items);
    expect(found).toContain(neighbour.id);
    for (const request of noise) expect(found).not.toContain(request.id);
  });

  it('validates its query: short titles answer nothing, bad ones a 400', async () => {
    const short = await similar({ type: 'feature', q: ' ab ' });
    const noType = await similar({ q: 'dark mode' });
    const badType = await similar({ type: 'project', q: 'dark mode' });
    const long = await similar({ type: 'feature', q: 'a'.repeat(201) });
    const noQuery = await similar({ type: 'feature' });

    expect(short.status).toBe(200);
    expect(short.body.data).toEqual({ items: [] });
    expect(noType.status).toBe(400);
    expect(badType.status).toBe(400);
    expect(badType.body.details).toEqual([
      {
        field: 'type',
        message: 'Type must be one of: feature, tracker_request, tracker_suggestion',
      },
    ]);
    expect(long.status).toBe(400);
    expect(noQuery.status).toBe(400);
  });

  it('finds suggestions by name', async () => {
    const word = inventWord();
    const suggestion = await submitSuggestion({ name: `${word} quest` });

    const answer = await eventually(
      () => similar({ type: 'tracker_suggestion', q: misspell(word) }),
      (value) => (value.body.data?.items.length ?? 0) === 1,
    );

    expect(answer.body.data.items).toEqual([
      {
        type: 'tracker_suggestion',
        id: suggestion.id,
        title: suggestion.name,
        status: 'Open',
        project: null,
        votes: 0,
      },
    ]);
  });
});
