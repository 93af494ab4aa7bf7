import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { XMLParser } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChangelogEntry, ChangelogList } from '@hatchworks/shared/schemas/changelog';
import type { Feature } from '@hatchworks/shared/schemas/features';
import type { Project } from '@hatchworks/shared/schemas/projects';
import { api } from '../../../test/support/api';
import { bearer, dataLayer, registerAdmin, registerUser } from '../../../test/support/accounts';
import { approvedFeature, createProject } from '../../../test/support/features';
import { submitRequest, submitSuggestion } from '../../../test/support/tracker';
import { testStack } from '../../../test/support/stack';

type Answer<T> = { data: T; error?: string; code?: string; next_cursor?: string | null };

let admin: Awaited<ReturnType<typeof registerAdmin>>;
let user: Awaited<ReturnType<typeof registerUser>>;
let project: Project;

beforeAll(async () => {
  admin = await registerAdmin();
  user = await registerUser();
  project = await createProject(admin.token);
});

const publish = (json: unknown, token: string | null = admin.token, headers = {}) =>
  api<Answer<ChangelogEntry>>('/api/changelog', {
    method: 'POST',
    headers: { ...(token ? bearer(token) : {}), ...headers },
    json,
  });

const entryInput = (overrides: Record<string, unknown> = {}) => ({
  title: `Release ${randomUUID().slice(0, 8)}`,
  body: 'First paragraph.\n\nSecond paragraph.',
  ...overrides,
});

/** A feature request moved to completed by the admin over HTTP. */
async function completedFeature(): Promise<Feature> {
  const feature = await approvedFeature(user.token, admin.token, project.id);
  const answer = await api<Answer<Feature>>(`/api/admin/features/${feature.id}/status`, {
    method: 'PUT',
    headers: bearer(admin.token),
    json: { status: 'completed' },
  });
  if (answer.status !== 200) throw new Error(`complete: ${answer.status} ${answer.body.error}`);
  return answer.body.data;
}

/**
 * Sets a tracker item's status in the table: the status routes are tested elsewhere,
 * and the changelog only reads `status`.
 */
async function setTrackerStatus(
  type: 'tracker_request' | 'tracker_suggestion',
  id: string,
  status: string,
) {
  const { client, keys } = await dataLayer();
  const key =
    type === 'tracker_request'
      ? keys.trackerRequestKeys.item(id)
      : keys.trackerSuggestionKeys.item(id);
  await client.db.send(
    new UpdateCommand({
      TableName: client.tableName,
      Key: key,
      UpdateExpression: 'SET #status = :status',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':status': status },
    }),
  );
}

async function storedItem(key: Record<string, string>) {
  const { client } = await dataLayer();
  const { Item } = await client.db.send(new GetCommand({ TableName: client.tableName, Key: key }));
  return Item;
}

/** The events an entry's transaction wrote: their ids are on the entry's item. */
async function announcedEvents(entry: ChangelogEntry): Promise<Record<string, unknown>[]> {
  const { keys } = await dataLayer();
  const item = await storedItem(keys.changelogKeys.item(entry.id));
  const ids = (item?.event_ids ?? []) as string[];
  const events = await Promise.all(
    ids.map((id) => storedItem(keys.notificationEventKeys.item(id))),
  );
  return events.filter((event) => event !== undefined);
}

describe('POST /api/changelog', () => {
  it('answers 401 to anonymous callers and 403 to users, and writes nothing', async () => {
    const title = `Refused ${randomUUID()}`;
    expect((await publish(entryInput({ title }), null)).status).toBe(401);
    const asUser = await publish(entryInput({ title }), user.token);
    expect(asUser.status).toBe(403);
    const list = await api<Answer<ChangelogList>>('/api/changelog?limit=100');
    expect(list.body.data.entries.some((entry) => entry.title === title)).toBe(false);
  });

  it('publishes for admins (201) and the entry reads back by id and in the list', async () => {
    const answer = await publish(entryInput({ project_id: project.id }));
    expect(answer.status).toBe(201);
    const entry = answer.body.data;
    expect(entry).toMatchObject({
      project_id: project.id,
      project: { id: project.id, title: project.title },
      closes: [],
    });
    const byId = await api<Answer<ChangelogEntry>>(`/api/changelog/${entry.id}`);
    expect(byId.status).toBe(200);
    expect(byId.body.data).toEqual(entry);
    const ofProject = await api<Answer<ChangelogList>>(`/api/changelog?project_id=${project.id}`);
    expect(ofProject.body.data.entries.map((each) => each.id)).toContain(entry.id);
    expect((await api(`/api/changelog/${'0'.repeat(26)}`)).status).toBe(404);
  });

  it.each([
    ['a blank title', { title: '   ' }, 'Title is required'],
    ['a long title', { title: 'x'.repeat(141) }, 'Title must be at most 140 characters'],
    ['an empty body', { body: '' }, 'Body is required'],
    ['a long body', { body: 'x'.repeat(10_001) }, 'Body must be at most 10000 characters'],
    [
      'an unknown project',
      { project_id: 'no-such-project' },
      'The selected project does not exist',
    ],
    [
      'an unknown subject type',
      { closes: [{ type: 'egg', id: 'x' }] },
      'Each closed request needs a type',
    ],
    [
      'too many subjects',
      { closes: Array.from({ length: 21 }, (_, index) => ({ type: 'feature', id: `F${index}` })) },
      'An entry closes at most 20 requests',
    ],
  ])('refuses %s with a clear 400', async (_case, overrides, message) => {
    const answer = await publish(entryInput(overrides));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toContain(message);
  });

  it('refuses to close an unknown or a not-completed request, naming it, and writes nothing', async () => {
    const done = await completedFeature();
    const approved = await approvedFeature(user.token, admin.token, project.id);
    const title = `Refused ${randomUUID()}`;

    const unknown = await publish(
      entryInput({ title, closes: [{ type: 'tracker_request', id: 'NOPE' }] }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('Tracker request NOPE does not exist');

    const open = await publish(
      entryInput({
        title,
        closes: [
          { type: 'feature', id: done.id },
          { type: 'feature', id: approved.id },
        ],
      }),
    );
    expect(open.status).toBe(400);
    expect(open.body.error).toContain(`"${approved.title}" is not completed`);
    expect(open.body.error).toContain('approved');

    const list = await api<Answer<ChangelogList>>('/api/changelog?limit=100');
    expect(list.body.data.entries.some((entry) => entry.title === title)).toBe(false);
    const { keys } = await dataLayer();
    expect((await storedItem(keys.featureKeys.item(done.id)))?.announced_in).toBeUndefined();
  });

  it('closes completed subjects in one transaction: marks them and writes one announced event each', async () => {
    const feature = await completedFeature();
    const request = await submitRequest();
    await setTrackerStatus('tracker_request', request.id, 'completed');
    const suggestion = await submitSuggestion();
    await setTrackerStatus('tracker_suggestion', suggestion.id, 'completed');

    const answer = await publish(
      entryInput({
        closes: [
          { type: 'feature', id: feature.id },
          { type: 'tracker_request', id: request.id },
          { type: 'tracker_suggestion', id: suggestion.id },
          // Named twice, closed once.
          { type: 'feature', id: feature.id },
        ],
      }),
    );
    expect(answer.status).toBe(201);
    const entry = answer.body.data;
    expect(entry.closes).toEqual([
      { type: 'feature', id: feature.id, title: feature.title },
      { type: 'tracker_request', id: request.id, title: request.title },
      { type: 'tracker_suggestion', id: suggestion.id, title: suggestion.name },
    ]);

    const { keys } = await dataLayer();
    expect(await storedItem(keys.featureKeys.item(feature.id))).toMatchObject({
      announced_in: entry.id,
      status: 'completed',
    });
    expect(await storedItem(keys.trackerRequestKeys.item(request.id))).toMatchObject({
      announced_in: entry.id,
    });
    expect(await storedItem(keys.trackerSuggestionKeys.item(suggestion.id))).toMatchObject({
      announced_in: entry.id,
    });

    const events = await announcedEvents(entry);
    expect(events).toHaveLength(3);
    for (const subject of entry.closes) {
      expect(events).toContainEqual(
        expect.objectContaining({
          entity: 'NotificationEvent',
          kind: 'announced',
          subject_type: subject.type,
          subject_id: subject.id,
          subject_title: subject.title,
          actor_id: admin.user.id,
          details: { changelog_id: entry.id, changelog_title: entry.title },
        }),
      );
    }
  });

  it('answers a retried Idempotency-Key with the first entry, published once', async () => {
    const key = randomUUID();
    const input = entryInput();
    const first = await publish(input, admin.token, { 'idempotency-key': key });
    const again = await publish(input, admin.token, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    expect(again.body.data.id).toBe(first.body.data.id);
    const list = await api<Answer<ChangelogList>>('/api/changelog?limit=100');
    expect(list.body.data.entries.filter((entry) => entry.title === input.title)).toHaveLength(1);
  });
});

describe('DELETE /api/changelog/{id}', () => {
  const remove = (id: string, token: string | null = admin.token) =>
    api<Answer<{ deleted: boolean }>>(`/api/changelog/${id}`, {
      method: 'DELETE',
      headers: token ? bearer(token) : {},
    });

  it('lets admins only delete an entry, unmarking the requests it closed', async () => {
    const feature = await completedFeature();
    const entry = (await publish(entryInput({ closes: [{ type: 'feature', id: feature.id }] })))
      .body.data;

    expect((await remove(entry.id, null)).status).toBe(401);
    expect((await remove(entry.id, user.token)).status).toBe(403);
    const answer = await remove(entry.id);

    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ deleted: true });
    expect((await api(`/api/changelog/${entry.id}`)).status).toBe(404);
    const { keys } = await dataLayer();
    const stored = await storedItem(keys.featureKeys.item(feature.id));
    expect(stored?.announced_in).toBeUndefined();
    expect(stored?.status).toBe('completed');
    expect((await remove(entry.id)).status).toBe(404);
  });

  it('keeps the mark of a request announced again by a later entry', async () => {
    const feature = await completedFeature();
    const closes = [{ type: 'feature', id: feature.id }];
    const first = (await publish(entryInput({ closes }))).body.data;
    const second = (await publish(entryInput({ closes }))).body.data;

    expect((await remove(first.id)).status).toBe(200);

    const { keys } = await dataLayer();
    expect((await storedItem(keys.featureKeys.item(feature.id)))?.announced_in).toBe(second.id);
  });
});

describe('GET /api/changelog', () => {
  it('pages newest first with a cursor', async () => {
    const own = `Paged ${randomUUID().slice(0, 8)}`;
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const answer = await publish(entryInput({ title: `${own} ${index}` }));
      ids.push(answer.body.data.id);
    }
    const seen: ChangelogEntry[] = [];
    let cursor: string | null | undefined;
    do {
      const answer: { body: Answer<ChangelogList> } = await api<Answer<ChangelogList>>(
        `/api/changelog?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(answer.body.data.entries.length).toBeLessThanOrEqual(2);
      seen.push(...answer.body.data.entries);
      cursor = answer.body.next_cursor;
    } while (cursor && !ids.every((id) => seen.some((entry) => entry.id === id)));
    const mine = seen.filter((entry) => entry.title.startsWith(own)).map((entry) => entry.id);
    expect(mine).toEqual([...ids].reverse());
    const times = seen.map((entry) => entry.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await api('/api/changelog?cursor=garbage')).status).toBe(400);
  });
});

describe('GET /changelog.xml', () => {
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' });

  it('is a valid Atom 1.0 feed with escaped plain-text content', async () => {
    const body = 'Fixed <script>alert("x")</script> & more.\n\nSecond paragraph.';
    const entry = (await publish(entryInput({ title: 'Tom & Jerry <b>', body }))).body.data;

    const response = await fetch(`${testStack().baseUrl}/changelog.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toMatch(/max-age=\d+/);
    const xml = await response.text();
    expect(xml).not.toContain('<script>');

    const { feed } = parser.parse(xml) as { feed: Record<string, unknown> };
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed.id).toBeTruthy();
    expect(feed.title).toBeTruthy();
    expect(Date.parse(String(feed.updated))).not.toBeNaN();
    expect(feed.author).toMatchObject({ name: 'Hatchworks' });
    const links = [feed.link].flat() as Record<string, string>[];
    const base = testStack().baseUrl;
    expect(links).toContainEqual(
      expect.objectContaining({ '@rel': 'self', '@href': `${base}/changelog.xml` }),
    );
    expect(links).toContainEqual(
      expect.objectContaining({ '@rel': 'alternate', '@href': `${base}/changelog` }),
    );

    const entries = [feed.entry].flat() as Record<string, unknown>[];
    const mine = entries.find((each) => String(each.id).endsWith(entry.id));
    expect(mine).toBeDefined();
    expect(mine?.id).toBe(`urn:hatchworks:changelog:${entry.id}`);
    expect(Date.parse(String(mine?.updated))).toBe(Date.parse(entry.created_at));
    expect(Date.parse(String(mine?.published))).toBe(Date.parse(entry.created_at));
    expect(mine?.link).toMatchObject({ '@href': `${base}/changelog#entry-${entry.id}` });
    const title = mine?.title as Record<string, string>;
    expect(title['#text']).toBe('Tom &amp; Jerry &lt;b&gt;');
    const content = mine?.content as Record<string, string>;
    expect(content['@type']).toBe('html');
    // The HTML a reader renders: the author's text escaped inside the paragraphs.
    expect(content['#text']).toBe(
      '<p>Fixed &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more.</p>\n<p>Second paragraph.</p>',
    );
  });
});
