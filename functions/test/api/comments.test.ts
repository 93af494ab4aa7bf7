import { GetCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  COMMENT_MESSAGES,
  type Comment,
  type CommentList,
} from '@hatchworks/shared/schemas/comments';
import type { Feature } from '@hatchworks/shared/schemas/features';
import type { TrackerFeatureRequest } from '@hatchworks/shared/schemas/tracker';
import { bearer, dataLayer, registerAdmin, registerUser } from '../../../test/support/accounts';
import { api } from '../../../test/support/api';
import { approvedFeature, createFeature, createProject } from '../../../test/support/features';
import {
  TrackerClient,
  awayFromWindowEdge,
  listActivity,
  listRequests,
  submitRequest,
  submitSuggestion,
} from '../../../test/support/tracker';

type Account = Awaited<ReturnType<typeof registerUser>>;
interface Body<T> {
  data: T;
  next_cursor?: string | null;
  error?: string;
  code?: string;
}

let admin: Account;
let projectId: string;

beforeAll(async () => {
  admin = await registerAdmin();
  projectId = (await createProject(admin.token)).id;
});

const commentsPath = {
  feature: (id: string) => `/api/features/${id}/comments`,
  request: (id: string) => `/api/tracker/feature-requests/${id}/comments`,
  suggestion: (id: string) => `/api/tracker/project-suggestions/${id}/comments`,
};

function post(path: string, json: unknown, token?: string) {
  return api<Body<Comment>>(path, {
    method: 'POST',
    json,
    headers: token ? bearer(token) : {},
  });
}

function list(path: string, query = '', token?: string) {
  return api<Body<CommentList>>(`${path}${query}`, { headers: token ? bearer(token) : {} });
}

async function comment(path: string, token: string, body = 'A thought', parent_id?: string) {
  const answer = await post(path, { body, ...(parent_id ? { parent_id } : {}) }, token);
  if (answer.status !== 201) throw new Error(`comment: ${answer.status} ${answer.body.error}`);
  return answer.body.data;
}

function change(method: 'PUT' | 'DELETE', path: string, token?: string, json?: unknown) {
  return api<Body<Comment>>(path, {
    method,
    headers: token ? bearer(token) : {},
    ...(json === undefined ? {} : { json }),
  });
}

/** Moves a comment's creation 20 minutes back, straight in DynamoDB Local (its window is over). */
async function age(commentId: string): Promise<void> {
  const { client, keys } = await dataLayer();
  await client.db.send(
    new UpdateCommand({
      TableName: client.tableName,
      Key: keys.commentKeys.item(commentId),
      UpdateExpression: 'SET created_at = :old',
      ExpressionAttributeValues: { ':old': new Date(Date.now() - 20 * 60 * 1000).toISOString() },
    }),
  );
}

/**
 * The team_answer events of a subject. Events are keyed by their own id only (the fan-out gets
 * them from the stream), so the test looks for them with a filtered Scan of the local table.
 */
async function teamAnswerEvents(subjectId: string): Promise<Record<string, unknown>[]> {
  const { client } = await dataLayer();
  const found: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await client.db.send(
      new ScanCommand({
        TableName: client.tableName,
        // The events only: the fan-out's notifications carry the same kind and subject.
        FilterExpression: 'entity = :entity AND kind = :kind AND subject_id = :id',
        ExpressionAttributeValues: {
          ':entity': 'NotificationEvent',
          ':kind': 'team_answer',
          ':id': subjectId,
        },
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    found.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return found;
}

describe('comments on a tracker request', () => {
  it('lets a signed-in user comment and keeps the count on the item and on every list', async () => {
    // Prepare
    const user = await registerUser({ display_name: 'Ada' });
    const request = await submitRequest();
    // Act
    const created = await post(
      commentsPath.request(request.id),
      { body: '  Yes please  ' },
      user.token,
    );
    // Assess
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      subject_type: 'tracker_request',
      subject_id: request.id,
      parent_id: null,
      author: { id: user.user.id, name: 'Ada' },
      body: 'Yes please',
      edited_at: null,
      deleted: false,
      pinned: false,
      replies: [],
    });
    const detail = await api<Body<TrackerFeatureRequest>>(
      `/api/tracker/feature-requests/${request.id}`,
    );
    expect(detail.body.data.comment_count).toBe(1);
    // Every sort view (the copies the lists read) carries the count too.
    const { client, keys } = await dataLayer();
    for (const sort of ['votes', 'date', 'priority']) {
      const view = await client.db.send(
        new GetCommand({
          TableName: client.tableName,
          Key: keys.trackerRequestKeys.view(request.id, sort),
        }),
      );
      expect(view.Item?.comment_count).toBe(1);
    }
    const latest = await listRequests({ sort_by: 'date', limit: 100 });
    expect(latest.body.data.feature_requests.find((each) => each.id === request.id)).toMatchObject({
      comment_count: 1,
    });
    const comments = await list(commentsPath.request(request.id));
    expect(comments.body.data.comment_count).toBe(1);
    expect(comments.body.data.comments.map((each) => each.id)).toEqual([created.body.data.id]);
  });

  it("writes a 'commented' activity entry and makes the commenter a follower", async () => {
    // Prepare
    const user = await registerUser({ display_name: 'Linus' });
    const request = await submitRequest({ project_id: projectId });
    // Act
    await comment(commentsPath.request(request.id), user.token, 'Following this one');
    // Assess
    const activity = await listActivity({ project_id: projectId, limit: 1 });
    expect(activity.body.data.activity[0]).toMatchObject({
      action: 'commented',
      type: 'feature_request',
      title: request.title,
      description: 'Following this one',
      user: 'Linus',
      reference_id: request.id,
    });
    const { client, keys } = await dataLayer();
    const follower = await client.db.send(
      new GetCommand({
        TableName: client.tableName,
        Key: keys.followerKeys.item('tracker_request', request.id, user.user.id),
      }),
    );
    expect(follower.Item).toMatchObject({ reason: 'commenter', user_id: user.user.id });
  });

  it('answers 401 to anonymous writers, and the tracker cookie does not help', async () => {
    const request = await submitRequest();
    const visitor = await TrackerClient.visitor();
    const answer = await visitor.call(commentsPath.request(request.id), {
      method: 'POST',
      json: { body: 'Anonymous?' },
    });
    expect(answer.status).toBe(401);
    const id = (await comment(commentsPath.request(request.id), (await registerUser()).token)).id;
    expect((await change('PUT', `/api/comments/${id}`, undefined, { body: 'x' })).status).toBe(401);
    expect((await change('DELETE', `/api/comments/${id}`)).status).toBe(401);
    expect((await change('PUT', `/api/comments/${id}/pin`)).status).toBe(401);
  });

  it('refuses a blank comment, one over 2000 characters, and an unknown subject', async () => {
    const user = await registerUser();
    const request = await submitRequest();
    const blank = await post(commentsPath.request(request.id), { body: '   ' }, user.token);
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe('Write something before posting');
    const long = await post(
      commentsPath.request(request.id),
      { body: 'x'.repeat(2001) },
      user.token,
    );
    expect(long.status).toBe(400);
    expect(long.body.error).toBe('A comment must be at most 2000 characters');
    const exactly = await post(
      commentsPath.request(request.id),
      { body: 'y'.repeat(2000) },
      user.token,
    );
    expect(exactly.status).toBe(201);
    const unknown = await post(commentsPath.request('01UNKNOWN'), { body: 'Hello' }, user.token);
    expect(unknown.status).toBe(404);
    expect((await list(commentsPath.suggestion('01UNKNOWN'))).status).toBe(404);
  });

  it('keeps one level of replies, to top-level comments of the same subject', async () => {
    // Prepare
    const [first, second] = await Promise.all([registerUser(), registerUser()]);
    const request = await submitRequest();
    const other = await submitRequest();
    const top = await comment(commentsPath.request(request.id), first.token, 'Top');
    // Act
    const reply = await comment(commentsPath.request(request.id), second.token, 'Reply', top.id);
    const toReply = await post(
      commentsPath.request(request.id),
      { body: 'Deeper', parent_id: reply.id },
      first.token,
    );
    const elsewhere = await post(
      commentsPath.request(other.id),
      { body: 'Elsewhere', parent_id: top.id },
      first.token,
    );
    // Assess
    expect(reply.parent_id).toBe(top.id);
    expect(toReply.status).toBe(400);
    expect(toReply.body.error).toBe('Replies can only answer a top-level comment');
    expect(elsewhere.status).toBe(400);
    const answer = await list(commentsPath.request(request.id));
    expect(answer.body.data.comment_count).toBe(2);
    expect(answer.body.data.comments).toHaveLength(1);
    expect(answer.body.data.comments[0]?.replies.map((each) => each.body)).toEqual(['Reply']);
  });

  it('orders by newest activity or as written, a page at a time with a cursor', async () => {
    // Prepare: three threads; a reply to the first makes it the most recently active.
    const users = await Promise.all([registerUser(), registerUser(), registerUser()]);
    const request = await submitRequest();
    const a = await comment(commentsPath.request(request.id), users[0]!.token, 'A');
    const b = await comment(commentsPath.request(request.id), users[1]!.token, 'B');
    const c = await comment(commentsPath.request(request.id), users[2]!.token, 'C');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await comment(commentsPath.request(request.id), users[1]!.token, 'Reply to A', a.id);
    // Act
    const newest = await list(commentsPath.request(request.id), '?order=newest&limit=2');
    const rest = await list(
      commentsPath.request(request.id),
      `?order=newest&limit=2&cursor=${encodeURIComponent(newest.body.next_cursor ?? '')}`,
    );
    const oldest = await list(commentsPath.request(request.id), '?order=oldest');
    // Assess
    expect(newest.body.data.comments.map((each) => each.id)).toEqual([a.id, c.id]);
    expect(rest.body.data.comments.map((each) => each.id)).toEqual([b.id]);
    expect(rest.body.next_cursor).toBeNull();
    expect(oldest.body.data.comments.map((each) => each.id)).toEqual([a.id, b.id, c.id]);
    expect((await list(commentsPath.request(request.id), '?order=random')).status).toBe(400);
  });
});

describe('editing and deleting', () => {
  it('lets only the author edit, within 15 minutes, and marks the comment edited', async () => {
    // Prepare
    const [author, other] = await Promise.all([registerUser(), registerUser()]);
    const request = await submitRequest();
    const mine = await comment(commentsPath.request(request.id), author.token, 'Frist');
    // Act
    const edited = await change('PUT', `/api/comments/${mine.id}`, author.token, { body: 'First' });
    const byOther = await change('PUT', `/api/comments/${mine.id}`, other.token, { body: 'Mine' });
    const byAdmin = await change('PUT', `/api/comments/${mine.id}`, admin.token, { body: 'Admin' });
    const blank = await change('PUT', `/api/comments/${mine.id}`, author.token, { body: ' ' });
    await age(mine.id);
    const late = await change('PUT', `/api/comments/${mine.id}`, author.token, { body: 'Late' });
    // Assess
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ body: 'First', edited_at: expect.any(String) });
    expect(byOther.status).toBe(403);
    expect(byAdmin.status).toBe(403);
    expect(blank.status).toBe(400);
    expect(late.status).toBe(403);
    expect(late.body.error).toBe('Comments can only be edited for 15 minutes after posting');
    const answer = await list(commentsPath.request(request.id));
    expect(answer.body.data.comments[0]).toMatchObject({ body: 'First' });
  });

  it('lets the author delete within the window and admins any time', async () => {
    // Prepare
    const [author, other] = await Promise.all([registerUser(), registerUser()]);
    const request = await submitRequest();
    const quick = await comment(commentsPath.request(request.id), author.token, 'Oops');
    const old = await comment(commentsPath.request(request.id), author.token, 'Old');
    await age(old.id);
    // Act
    const byOther = await change('DELETE', `/api/comments/${quick.id}`, other.token);
    const byAuthor = await change('DELETE', `/api/comments/${quick.id}`, author.token);
    const lateAuthor = await change('DELETE', `/api/comments/${old.id}`, author.token);
    const byAdmin = await change('DELETE', `/api/comments/${old.id}`, admin.token);
    const again = await change('DELETE', `/api/comments/${old.id}`, admin.token);
    // Assess
    expect(byOther.status).toBe(403);
    expect(byAuthor.status).toBe(200);
    expect(lateAuthor.status).toBe(403);
    expect(byAdmin.status).toBe(200);
    expect(again.status).toBe(404);
    const answer = await list(commentsPath.request(request.id));
    expect(answer.body.data.comments).toEqual([]);
    expect(answer.body.data.comment_count).toBe(0);
  });

  it('keeps a deleted comment with replies as "[deleted]", and removes it with its last reply', async () => {
    // Prepare
    const [author, replier] = await Promise.all([registerUser(), registerUser()]);
    const request = await submitRequest();
    const top = await comment(commentsPath.request(request.id), author.token, 'Top');
    const reply = await comment(commentsPath.request(request.id), replier.token, 'Reply', top.id);
    // Act
    await change('DELETE', `/api/comments/${top.id}`, author.token);
    const kept = await list(commentsPath.request(request.id));
    const replyToDeleted = await post(
      commentsPath.request(request.id),
      { body: 'More', parent_id: top.id },
      replier.token,
    );
    await change('DELETE', `/api/comments/${reply.id}`, replier.token);
    const gone = await list(commentsPath.request(request.id));
    // Assess
    expect(kept.body.data.comment_count).toBe(1);
    expect(kept.body.data.comments[0]).toMatchObject({
      id: top.id,
      deleted: true,
      body: '',
      author: null,
      replies: [{ id: reply.id, body: 'Reply' }],
    });
    expect(replyToDeleted.status).toBe(400);
    expect(gone.body.data.comments).toEqual([]);
    expect(gone.body.data.comment_count).toBe(0);
  });
});

describe('the Team answer', () => {
  it('lets admins pin one answer per subject (pinning another replaces it) with a team_answer event', async () => {
    // Prepare
    const user = await registerUser();
    const suggestion = await submitSuggestion();
    const first = await comment(commentsPath.suggestion(suggestion.id), admin.token, 'We plan it');
    const second = await comment(commentsPath.suggestion(suggestion.id), user.token, 'Nice');
    // Act
    const byUser = await change('PUT', `/api/comments/${first.id}/pin`, user.token);
    const pinned = await change('PUT', `/api/comments/${first.id}/pin`, admin.token);
    const replaced = await change('PUT', `/api/comments/${second.id}/pin`, admin.token);
    // Assess
    expect(byUser.status).toBe(403);
    expect(pinned.status).toBe(200);
    expect(pinned.body.data.pinned).toBe(true);
    expect(replaced.status).toBe(200);
    const answer = await list(commentsPath.suggestion(suggestion.id));
    expect(answer.body.data.pinned).toMatchObject({ id: second.id, pinned: true });
    expect(answer.body.data.comments.map((each) => [each.id, each.pinned])).toEqual([
      [first.id, false],
    ]);
    const events = await teamAnswerEvents(suggestion.id);
    expect(events.map((each) => each.details)).toEqual(
      expect.arrayContaining([{ comment_id: first.id }, { comment_id: second.id }]),
    );
    expect(events[0]).toMatchObject({
      kind: 'team_answer',
      subject_type: 'tracker_suggestion',
      subject_title: suggestion.name,
      actor_id: admin.user.id,
    });
  });

  it('keeps a pinned answer from its non-admin author, who may edit it again once unpinned', async () => {
    // Prepare
    const user = await registerUser();
    const request = await submitRequest();
    const answer = await comment(commentsPath.request(request.id), user.token, 'Use the export');
    const own = await comment(commentsPath.request(request.id), admin.token, 'Planned for May');
    await change('PUT', `/api/comments/${answer.id}/pin`, admin.token);
    // Act
    const rewritten = await change('PUT', `/api/comments/${answer.id}`, user.token, {
      body: 'Buy my product instead',
    });
    const listed = await list(commentsPath.request(request.id));
    await change('PUT', `/api/comments/${own.id}/pin`, admin.token);
    const byAdmin = await change('PUT', `/api/comments/${own.id}`, admin.token, {
      body: 'Planned for June',
    });
    const afterUnpin = await change('PUT', `/api/comments/${answer.id}`, user.token, {
      body: 'Use the CSV export',
    });
    // Assess
    expect(rewritten.status).toBe(403);
    expect(rewritten.body.error).toBe(COMMENT_MESSAGES.pinnedLocked);
    expect(listed.body.data.pinned).toMatchObject({ id: answer.id, body: 'Use the export' });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.data.body).toBe('Planned for June');
    expect(afterUnpin.status).toBe(200);
    expect(afterUnpin.body.data.body).toBe('Use the CSV export');
  });

  it('unpins, and users cannot unpin', async () => {
    const user = await registerUser();
    const request = await submitRequest();
    const answer = await comment(commentsPath.request(request.id), admin.token, 'Shipping soon');
    await change('PUT', `/api/comments/${answer.id}/pin`, admin.token);
    expect((await change('DELETE', `/api/comments/${answer.id}/pin`, user.token)).status).toBe(403);
    const unpinned = await change('DELETE', `/api/comments/${answer.id}/pin`, admin.token);
    expect(unpinned.status).toBe(200);
    expect(unpinned.body.data.pinned).toBe(false);
    expect((await list(commentsPath.request(request.id))).body.data.pinned).toBeNull();
  });

  it('refuses to pin a reply', async () => {
    const user = await registerUser();
    const request = await submitRequest();
    const top = await comment(commentsPath.request(request.id), user.token, 'Q');
    const reply = await comment(commentsPath.request(request.id), admin.token, 'A', top.id);
    const answer = await change('PUT', `/api/comments/${reply.id}/pin`, admin.token);
    expect(answer.status).toBe(400);
  });
});

describe('comments on feature requests', () => {
  it('counts comments on the feature cards', async () => {
    const [author, commenter] = await Promise.all([registerUser(), registerUser()]);
    const feature = await approvedFeature(author.token, admin.token, projectId);
    await comment(commentsPath.feature(feature.id), commenter.token, 'Want');
    const detail = await api<Body<Feature>>(`/api/features/${feature.id}`);
    expect(detail.body.data.comment_count).toBe(1);
    const cards = await api<Body<{ features: Feature[] }>>(
      `/api/features?project_id=${projectId}&limit=50`,
    );
    expect(cards.body.data.features.find((each) => each.id === feature.id)?.comment_count).toBe(1);
  });

  it('shows the comments of a pending feature only to its author and admins', async () => {
    // Prepare
    const [author, stranger] = await Promise.all([registerUser(), registerUser()]);
    const feature = await createFeature(author.token, projectId);
    // Act
    const byAuthor = await post(
      commentsPath.feature(feature.id),
      { body: 'Context' },
      author.token,
    );
    const byAdmin = await post(commentsPath.feature(feature.id), { body: 'Looking' }, admin.token);
    const byStranger = await post(commentsPath.feature(feature.id), { body: 'Hi' }, stranger.token);
    // Assess
    expect(byAuthor.status).toBe(201);
    expect(byAdmin.status).toBe(201);
    expect(byStranger.status).toBe(404);
    expect((await list(commentsPath.feature(feature.id))).status).toBe(404);
    expect((await list(commentsPath.feature(feature.id), '', stranger.token)).status).toBe(404);
    const seen = await list(commentsPath.feature(feature.id), '?order=oldest', author.token);
    expect(seen.status).toBe(200);
    expect(seen.body.data.comments.map((each) => each.body)).toEqual(['Context', 'Looking']);
    expect((await list(commentsPath.feature(feature.id), '', admin.token)).status).toBe(200);
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After after 10 comments a minute', async () => {
    await awayFromWindowEdge(60, 20);
    const user = await registerUser();
    const request = await submitRequest();
    for (let index = 0; index < 10; index += 1) {
      await comment(commentsPath.request(request.id), user.token, `Comment ${index}`);
    }
    const answer = await post(commentsPath.request(request.id), { body: 'Eleventh' }, user.token);
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(answer.body.error).toMatch(/too fast/);
    const other = await registerUser();
    expect((await post(commentsPath.request(request.id), { body: 'Me' }, other.token)).status).toBe(
      201,
    );
  });
});
