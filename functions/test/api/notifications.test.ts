import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Feature } from '@hatchworks/shared/schemas/features';
import type {
  NotificationList,
  NotificationPreferences,
  UnreadCount,
} from '@hatchworks/shared/schemas/notifications';
import type { Project } from '@hatchworks/shared/schemas/projects';
import { api } from '../../../test/support/api';
import { bearer, dataLayer, registerAdmin, registerUser } from '../../../test/support/accounts';
import {
  approvedFeature,
  createFeature,
  createProject,
  vote,
} from '../../../test/support/features';
import { postMerge, postUnmerge, untilDone } from '../../../test/support/merge';
import { linkFromMail, mailbox, mailQueueSettled, waitForMail } from '../../../test/support/mail';
import {
  TrackerClient,
  submitRequest,
  submitSuggestion,
  vote as trackerVote,
} from '../../../test/support/tracker';
import { testStack } from '../../../test/support/stack';
import { configureFunctions } from '../../../test/support/stack-table';

/**
 * Notifications: a change writes one event; the fan-out, fed by the table's stream,
 * tells the followers (not the actor) once each; the bell, the list, mark read; the batched mail
 * with its one-click unsubscribe.
 */

type Account = Awaited<ReturnType<typeof registerUser>>;

let admin: Account;
let project: Project;

beforeAll(async () => {
  admin = await registerAdmin();
  project = await createProject(admin.token);
});

const unread = async (token: string) =>
  (await api<{ data: UnreadCount }>('/api/notifications/unread-count', { headers: bearer(token) }))
    .body.data.unread_count;

const list = (token: string, cursor?: string) =>
  api<{ data: NotificationList; next_cursor: string | null }>(
    `/api/notifications${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
    { headers: bearer(token) },
  );

/** Polls the unread count until it reaches `count` (the fan-out runs a moment after the change). */
async function waitForUnread(token: string, count: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = await unread(token);
    if (now === count) return;
    if (Date.now() > deadline) throw new Error(`unread count stayed ${now}, expected ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const moderate = (id: string, action: 'approve' | 'reject', notes?: string) =>
  api<{ data: Feature }>(`/api/admin/features/${id}/${action}`, {
    method: 'POST',
    headers: bearer(admin.token),
    json: notes ? { notes } : {},
  });

const setStatus = (id: string, status: string, token = admin.token) =>
  api<{ data: Feature }>(`/api/admin/features/${id}/status`, {
    method: 'PUT',
    headers: bearer(token),
    json: { status, approval_notes: 'On it' },
  });

const markRead = (token: string, json: unknown) =>
  api<{ data: UnreadCount }>('/api/notifications/read', {
    method: 'POST',
    headers: bearer(token),
    json,
  });

const setPreferences = (token: string, email: NotificationPreferences['email']) =>
  api<{ data: NotificationPreferences }>('/api/user/notification-preferences', {
    method: 'PUT',
    headers: bearer(token),
    json: { email },
  });

const ALL_OFF = {
  status: false,
  announcements: false,
  team_answers: false,
  moderation: false,
  replies: false,
  mentions: false,
};

/** The table stream's function of this test process, against the stack's table (mails off: no SMTP). */
async function fanOutFunction() {
  configureFunctions({ NOTIFICATION_MAIL_DELAY_SECONDS: '600' });
  await dataLayer();
  const { handler } = await import('../../src/triggers/table-stream');
  return (event: DynamoDBStreamEvent) => handler(event);
}

const eventRecord = (eventId: string, sequence: string) =>
  ({
    eventName: 'INSERT',
    dynamodb: {
      Keys: { PK: { S: `EVENT#${eventId}` }, SK: { S: 'EVENT' } },
      SequenceNumber: sequence,
    },
  }) as DynamoDBStreamEvent['Records'][number];

describe('who hears about a feature request', () => {
  it('tells the author of an approval, then the followers of a status change, never the actor', async () => {
    // Prepare
    const author = await registerUser();
    const voter = await registerUser();
    const feature = await createFeature(author.token, project.id);

    // Act
    expect((await moderate(feature.id, 'approve', 'Nice one')).status).toBe(200);
    await waitForUnread(author.token, 1);
    expect((await vote(voter.token, { feature_id: feature.id, eggs_allocated: 10 })).status).toBe(
      200,
    );
    // The admin votes too: a follower who moves it hears nothing of their own change.
    expect((await vote(admin.token, { feature_id: feature.id, eggs_allocated: 5 })).status).toBe(
      200,
    );
    const adminBefore = await unread(admin.token);
    expect((await setStatus(feature.id, 'in_progress')).status).toBe(200);
    await waitForUnread(author.token, 2);
    await waitForUnread(voter.token, 1);
    await mailQueueSettled();

    // Assess
    const authorList = (await list(author.token)).body.data;
    expect(authorList.unread_count).toBe(2);
    expect(authorList.notifications.map((each) => each.kind)).toEqual([
      'status_changed',
      'feature_approved',
    ]);
    expect(authorList.notifications[0]).toMatchObject({
      subject: { type: 'feature', id: feature.id, title: feature.title },
      details: { status: 'in_progress', note: 'On it' },
      read: false,
    });
    expect(authorList.notifications[1]?.details).toMatchObject({ note: 'Nice one' });
    const voterList = (await list(voter.token)).body.data;
    expect(voterList.notifications.map((each) => each.kind)).toEqual(['status_changed']);
    expect(await unread(admin.token)).toBe(adminBefore);
  });

  it('tells only the author of a rejection, with the note and the refund', async () => {
    // Prepare
    const author = await registerUser();
    const feature = await createFeature(author.token, project.id);

    // Act
    expect((await moderate(feature.id, 'reject', 'Out of scope')).status).toBe(200);
    await waitForUnread(author.token, 1);

    // Assess
    const [notification] = (await list(author.token)).body.data.notifications;
    expect(notification).toMatchObject({
      kind: 'feature_rejected',
      details: { note: 'Out of scope', refund: 100 },
    });
  });

  it('tells each author of a bulk approval', async () => {
    // Prepare
    const [first, second] = await Promise.all([registerUser(), registerUser()]);
    const features = await Promise.all([
      createFeature(first.token, project.id),
      createFeature(second.token, project.id),
    ]);

    // Act
    const answer = await api('/api/admin/features/bulk-approve', {
      method: 'POST',
      headers: bearer(admin.token),
      json: { feature_ids: features.map((feature) => feature.id), notes: 'Batch' },
    });
    await waitForUnread(first.token, 1);
    await waitForUnread(second.token, 1);

    // Assess
    expect(answer.status).toBe(200);
    const [notification] = (await list(second.token)).body.data.notifications;
    expect(notification).toMatchObject({
      kind: 'feature_approved',
      subject: { id: features[1]!.id },
      details: { note: 'Batch' },
    });
  });

  it('tells nobody twice when the same event is fanned out again', async () => {
    // Prepare
    const author = await registerUser();
    const voter = await registerUser();
    const feature = await createFeature(author.token, project.id);
    await moderate(feature.id, 'approve');
    await vote(voter.token, { feature_id: feature.id, eggs_allocated: 3 });
    await waitForUnread(author.token, 1);
    await setStatus(feature.id, 'completed');
    await waitForUnread(author.token, 2);
    await waitForUnread(voter.token, 1);
    const [event] = (await list(voter.token)).body.data.notifications;
    const handler = await fanOutFunction();

    // Act: the stream hands the same record over twice more (a retried batch)
    const first = await handler({ Records: [eventRecord(event!.id, '1')] });
    const second = await handler({ Records: [eventRecord(event!.id, '1')] });
    await mailQueueSettled();

    // Assess
    expect(first).toEqual({ batchItemFailures: [] });
    expect(second).toEqual({ batchItemFailures: [] });
    expect(await unread(author.token)).toBe(2);
    expect(await unread(voter.token)).toBe(1);
    expect((await list(voter.token)).body.data.notifications).toHaveLength(1);
  });
});

describe('followers of the tracker', () => {
  it('makes signed-in authors and voters followers, and anonymous voters not', async () => {
    // Prepare
    const author = await registerUser();
    const voter = await registerUser();
    const { client, keys } = await dataLayer();
    const signedIn = new TrackerClient(author.token);
    const request = await submitRequest({}, signedIn);
    const suggestion = await submitSuggestion({}, signedIn);
    const anonymous = await TrackerClient.visitor();

    // Act
    expect(
      (await trackerVote(new TrackerClient(voter.token), 'feature_request', request.id, 'up'))
        .status,
    ).toBe(200);
    expect((await trackerVote(anonymous, 'feature_request', request.id, 'up')).status).toBe(200);

    // Assess
    const follower = async (
      type: 'tracker_request' | 'tracker_suggestion',
      id: string,
      userId: string,
    ) =>
      (
        await client.db.send(
          new GetCommand({
            TableName: testStack().tableName,
            Key: keys.followerKeys.item(type, id, userId),
          }),
        )
      ).Item;
    expect(await follower('tracker_request', request.id, author.user.id)).toMatchObject({
      reason: 'author',
    });
    expect(await follower('tracker_suggestion', suggestion.id, author.user.id)).toMatchObject({
      reason: 'author',
    });
    expect(await follower('tracker_request', request.id, voter.user.id)).toMatchObject({
      reason: 'voter',
    });
  });
});

describe('the notification list and reading', () => {
  /** A user who follows a made-up subject with `count` events on it, fanned out by the stack. */
  async function followerWithEvents(count: number) {
    const person = await registerUser();
    await setPreferences(person.token, ALL_OFF);
    const { client, keys } = await dataLayer();
    const events = await import('@hatchworks/functions/modules/notifications/notification-events');
    const subject = { type: 'tracker_request' as const, id: ulid(), title: 'Made up' };
    const now = new Date();
    await client.db.send(
      new PutCommand({
        TableName: testStack().tableName,
        Item: {
          ...keys.followerKeys.item(subject.type, subject.id, person.user.id),
          user_id: person.user.id,
          reason: 'author',
        },
      }),
    );
    for (let index = 0; index < count; index += 1) {
      const at = new Date(now.getTime() + index);
      await client.db.send(
        new PutCommand({
          TableName: testStack().tableName,
          Item: events.notificationEventItem(
            { kind: 'status_changed', subject, actorId: 'someone', details: { status: 'planned' } },
            at,
          ),
        }),
      );
    }
    await waitForUnread(person.token, count, 20_000);
    return person;
  }

  it('answers 20 a page, newest first, and the next page from the cursor', async () => {
    // Prepare
    const person = await followerWithEvents(21);

    // Act
    const first = await list(person.token);
    const second = await list(person.token, first.body.next_cursor ?? undefined);

    // Assess
    expect(first.status).toBe(200);
    expect(first.body.data.notifications).toHaveLength(20);
    expect(first.body.data.unread_count).toBe(21);
    const ids = first.body.data.notifications.map((each) => each.id);
    expect([...ids].sort().reverse()).toEqual(ids);
    expect(second.body.data.notifications).toHaveLength(1);
    expect(second.body.next_cursor).toBeNull();
    expect(second.body.data.notifications[0]!.id < ids.at(-1)!).toBe(true);
  });

  it('marks some read, then all, keeping the count exact; another user cannot touch them', async () => {
    // Prepare
    const person = await followerWithEvents(3);
    const stranger = await registerUser();
    const [newest, middle] = (await list(person.token)).body.data.notifications;

    // Act
    const byStranger = await markRead(stranger.token, { ids: [newest!.id] });
    const some = await markRead(person.token, { ids: [newest!.id, newest!.id] });
    const again = await markRead(person.token, { ids: [newest!.id] });
    const all = await markRead(person.token, { all: true });
    const afterAll = await markRead(person.token, { ids: [middle!.id] });

    // Assess
    expect(byStranger.status).toBe(200);
    expect(byStranger.body.data.unread_count).toBe(0);
    expect(some.body.data.unread_count).toBe(2);
    expect(again.body.data.unread_count).toBe(2);
    expect(all.body.data.unread_count).toBe(0);
    expect(afterAll.body.data.unread_count).toBe(0);
    const listed = (await list(person.token)).body.data.notifications;
    expect(listed.every((each) => each.read)).toBe(true);
  });

  it('refuses anonymous callers and bad input', async () => {
    // Prepare
    const person = await registerUser();

    // Act
    const answers = await Promise.all([
      api('/api/notifications'),
      api('/api/notifications/unread-count'),
      api('/api/notifications/read', { method: 'POST', json: { all: true } }),
      api('/api/user/notification-preferences'),
      api('/api/user/notification-preferences', { method: 'PUT', json: { email: ALL_OFF } }),
    ]);
    const bad = await markRead(person.token, { ids: ['not-an-id'] });
    const empty = await markRead(person.token, {});
    const badPreferences = await api('/api/user/notification-preferences', {
      method: 'PUT',
      headers: bearer(person.token),
      json: { email: { status: 'yes' } },
    });

    // Assess
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401]);
    expect(bad.status).toBe(400);
    expect(empty.status).toBe(400);
    expect(badPreferences.status).toBe(400);
  });
});

describe('notification mails', () => {
  it('batches the events of the window into one mail with a working one-click unsubscribe', async () => {
    // Prepare
    const author = await registerUser();
    const feature = await createFeature(author.token, project.id);
    const since = new Date();

    // Act: two events for the author within the 2 s window of the test stack
    await moderate(feature.id, 'approve');
    await setStatus(feature.id, 'in_progress');
    const mail = await waitForMail(author.user.email, {
      subject: /updates|update on/i,
      after: since,
    });
    await new Promise((resolve) => setTimeout(resolve, 2_500));

    // Assess: one mail for both
    const mails = (await mailbox()).filter(
      (each) => each.to.includes(author.user.email) && new Date(each.date) >= since,
    );
    expect(mails).toHaveLength(1);
    expect(mail.subject).toMatch(/2 updates/);
    expect(mail.text).toContain(feature.title);
    expect(mail.text).toContain(`/features/${feature.id}`);
    expect(mail.list_unsubscribe_post).toBe('List-Unsubscribe=One-Click');
    const oneClick = new URL(/^<(.+)>$/.exec(mail.list_unsubscribe ?? '')![1]!);
    expect(oneClick.pathname).toBe('/api/notifications/unsubscribe');
    const pageLink = linkFromMail(mail, '/unsubscribe');
    const token = pageLink.searchParams.get('token')!;

    // Act: the site's page posts the token; a mail client posts the header's URL (RFC 8058)
    const forged = await api('/api/notifications/unsubscribe', {
      method: 'POST',
      json: { token: `${author.user.id}.${'A'.repeat(43)}` },
    });
    const fromPage = await api('/api/notifications/unsubscribe', {
      method: 'POST',
      json: { token },
    });
    const fromClient = await fetch(oneClick, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });

    // Assess
    expect(forged.status).toBe(400);
    expect(fromPage.status).toBe(200);
    expect(fromClient.status).toBe(200);
    const preferences = await api<{ data: NotificationPreferences }>(
      '/api/user/notification-preferences',
      { headers: bearer(author.token) },
    );
    expect(preferences.body.data.email).toEqual(ALL_OFF);

    // Act: with mail off, a later event is told in the app and mailed to nobody
    const after = new Date();
    await setStatus(feature.id, 'completed');
    await waitForUnread(author.token, 3);
    await new Promise((resolve) => setTimeout(resolve, 3_000));

    // Assess
    const later = (await mailbox()).filter(
      (each) => each.to.includes(author.user.email) && new Date(each.date) >= after,
    );
    expect(later).toHaveLength(0);
  });

  it('mails only the kinds the person keeps on', async () => {
    // Prepare
    const author = await registerUser();
    await setPreferences(author.token, { ...ALL_OFF, moderation: true });
    const feature = await createFeature(author.token, project.id);
    const since = new Date();

    // Act
    await moderate(feature.id, 'approve', `Approved ${randomUUID().slice(0, 6)}`);
    const mail = await waitForMail(author.user.email, { subject: /update on/i, after: since });
    await setStatus(feature.id, 'completed');
    await waitForUnread(author.token, 2);
    await new Promise((resolve) => setTimeout(resolve, 3_000));

    // Assess
    expect(mail.text).toMatch(/was approved/);
    const mails = (await mailbox()).filter(
      (each) => each.to.includes(author.user.email) && new Date(each.date) >= since,
    );
    expect(mails).toHaveLength(1);
  });
});

const postComment = (token: string, featureId: string, body: string, parentId?: string) =>
  api<{ data: { id: string } }>(`/api/features/${featureId}/comments`, {
    method: 'POST',
    headers: bearer(token),
    json: { body, ...(parentId ? { parent_id: parentId } : {}) },
  });

describe('replies and @mentions', () => {
  it('tells the replied-to author and each mentioned person once, never the writer or unknown names', async () => {
    // Prepare
    const parentAuthor = await registerUser();
    const replier = await registerUser();
    const mentioned = await registerUser();
    const feature = await approvedFeature(parentAuthor.token, admin.token, project.id);
    await waitForUnread(parentAuthor.token, 1);
    const parent = await postComment(parentAuthor.token, feature.id, 'Would CSV do?');
    const since = new Date();

    // Act: a reply that also mentions its parent's author, the writer, a stranger and no one
    const reply = await postComment(
      replier.token,
      feature.id,
      `@${parentAuthor.user.username} yes, and @${mentioned.user.username}, ` +
        `@${replier.user.username} and @nobody-${randomUUID().slice(0, 8)} agree.`,
      parent.body.data.id,
    );

    // Assess
    expect(reply.status).toBe(201);
    await waitForUnread(parentAuthor.token, 2);
    await waitForUnread(mentioned.token, 1);
    const [toldParent] = (await list(parentAuthor.token)).body.data.notifications;
    expect(toldParent).toMatchObject({
      kind: 'reply',
      subject: { type: 'feature', id: feature.id, title: feature.title },
      details: {
        comment_id: reply.body.data.id,
        parent_id: parent.body.data.id,
        author_name: replier.user.display_name,
      },
      read: false,
    });
    const toldMentioned = (await list(mentioned.token)).body.data.notifications;
    expect(toldMentioned.map((each) => each.kind)).toEqual(['mention']);
    expect(String(toldMentioned[0]?.details.excerpt)).toContain('agree.');
    await mailQueueSettled();
    expect(await unread(replier.token)).toBe(0);
    expect(await unread(parentAuthor.token)).toBe(2);
    // The replies topic is on unless turned off: the reply is mailed with its excerpt.
    const mail = await waitForMail(parentAuthor.user.email, { subject: /update/i, after: since });
    expect(mail.text).toMatch(/replied to your comment/);
    expect(mail.text).toContain(`/features/${feature.id}`);
  });

  it('tells nobody who may not see the subject, and mails only the topics kept on', async () => {
    // Prepare: a pending feature request is seen by its author and admins only
    const author = await registerUser();
    const outsider = await registerUser();
    const quiet = await registerUser();
    await setPreferences(quiet.token, {
      ...ALL_OFF,
      status: true,
      announcements: true,
      team_answers: true,
      moderation: true,
      replies: true,
    });
    const pending = await createFeature(author.token, project.id);
    const open = await approvedFeature(author.token, admin.token, project.id);
    const since = new Date();

    // Act
    await postComment(
      admin.token,
      pending.id,
      `@${author.user.username} @${outsider.user.username}`,
    );
    await postComment(author.token, open.id, `Thoughts, @${quiet.user.username}?`);

    // Assess
    await waitForUnread(author.token, 2);
    await waitForUnread(quiet.token, 1);
    await mailQueueSettled();
    expect(await unread(outsider.token)).toBe(0);
    expect((await list(quiet.token)).body.data.notifications[0]?.kind).toBe('mention');
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const mails = (await mailbox()).filter(
      (each) => each.to.includes(quiet.user.email) && new Date(each.date) >= since,
    );
    expect(mails).toHaveLength(0);
  });
});

describe('an undone merge', () => {
  it('rewrites the merge notification in place and drops it from the pending mail', async () => {
    // Prepare: a follower (voter) of A; the test stack mails after 2 s
    const author = await registerUser();
    const follower = await registerUser();
    const a = await approvedFeature(author.token, admin.token, project.id);
    const b = await approvedFeature(author.token, admin.token, project.id);
    expect((await vote(follower.token, { feature_id: a.id, eggs_allocated: 1 })).status).toBe(200);
    const since = new Date();

    // Act: merge, and undo it at once, before the batched mail goes
    expect((await untilDone(() => postMerge(admin.token, a.id, { into_id: b.id }))).status).toBe(
      200,
    );
    expect((await untilDone(() => postUnmerge(admin.token, a.id))).status).toBe(200);

    // Assess: one notification, now telling of the undo
    const deadline = Date.now() + 10_000;
    let kinds: string[] = [];
    while (Date.now() < deadline) {
      kinds = (await list(follower.token)).body.data.notifications.map((each) => each.kind);
      if (kinds[0] === 'unmerged') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(kinds).toEqual(['unmerged']);
    const [notice] = (await list(follower.token)).body.data.notifications;
    expect(notice).toMatchObject({ subject: { id: a.id }, details: { into_id: b.id } });
    expect(await unread(follower.token)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const mails = (await mailbox()).filter(
      (each) => each.to.includes(follower.user.email) && new Date(each.date) >= since,
    );
    expect(mails).toHaveLength(0);
  });
});
