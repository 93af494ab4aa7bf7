import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@hatchworks/shared/schemas/notifications';
import type { Project } from '@hatchworks/shared/schemas/projects';
import {
  WEBHOOK_EVENT_TYPES,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookPayload,
} from '@hatchworks/shared/schemas/webhooks';
import { api } from '../../../test/support/api';
import { bearer, registerAdmin, registerUser } from '../../../test/support/accounts';
import { approvedFeature, createProject, vote } from '../../../test/support/features';
import { postMerge, postUnmerge, untilDone } from '../../../test/support/merge';
import { submitRequest, submitSuggestion } from '../../../test/support/tracker';

/**
 * Webhooks: admins add endpoints (the secret shown once), every delivery is signed as the
 * Standard Webhooks specification says and checked here with its reference library, failures are
 * retried with growing pauses and then switch the endpoint off, and no URL on a private network
 * is accepted.
 */

type Account = Awaited<ReturnType<typeof registerUser>>;

interface Received {
  readonly at: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A receiver on this machine that records every request and answers with `status`. */
class Receiver {
  readonly requests: Received[] = [];
  status = 200;
  private server: Server | undefined;

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.requests.push({
          at: Date.now(),
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        response.writeHead(this.status, { 'content-type': 'text/plain' });
        response.end(this.status < 300 ? 'ok' : 'receiver is down');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/hooks`;
  }

  /** The payloads whose body contains `marker`, checked against the secret. */
  verified(secret: string, marker: string): WebhookPayload[] {
    const hook = new Webhook(secret);
    return this.requests
      .filter((request) => request.body.includes(marker))
      .map(
        (request) =>
          hook.verify(request.body, {
            'webhook-id': String(request.headers['webhook-id']),
            'webhook-timestamp': String(request.headers['webhook-timestamp']),
            'webhook-signature': String(request.headers['webhook-signature']),
          }) as WebhookPayload,
      );
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

/** Polls `read` until `done` holds of its value, or fails after `timeoutMs`. */
async function until<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 10_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let admin: Account;
let project: Project;
const receivers: Receiver[] = [];

beforeAll(async () => {
  admin = await registerAdmin();
  project = await createProject(admin.token);
});

afterAll(async () => {
  // Endpoints of this file stop receiving: later files' events then go nowhere.
  const listed = await api<{ data: { endpoints: WebhookEndpoint[] } }>('/api/admin/webhooks', {
    headers: bearer(admin.token),
  });
  for (const endpoint of listed.body.data.endpoints) {
    await api(`/api/admin/webhooks/${endpoint.id}`, {
      method: 'DELETE',
      headers: bearer(admin.token),
    });
  }
  await Promise.all(receivers.map((receiver) => receiver.close()));
});

async function receiver(): Promise<Receiver> {
  const started = await new Receiver().start();
  receivers.push(started);
  return started;
}

const create = (json: Record<string, unknown>, token = admin.token) =>
  api<{
    data: { endpoint: WebhookEndpoint; secret: string };
    message: string;
    error: string;
    details: { field: string; message: string }[];
  }>('/api/admin/webhooks', { method: 'POST', headers: bearer(token), json });

const deliveries = async (id: string) =>
  (
    await api<{ data: { deliveries: WebhookDelivery[] } }>(`/api/admin/webhooks/${id}/deliveries`, {
      headers: bearer(admin.token),
    })
  ).body.data.deliveries;

describe('Webhook endpoints', () => {
  it('adds an endpoint and shows its secret once', async () => {
    // Prepare
    const target = await receiver();

    // Act
    const answer = await create({
      url: target.url,
      events: ['request.created'],
      description: 'Studio bot',
    });
    const listed = await api<{ data: { endpoints: WebhookEndpoint[] } }>('/api/admin/webhooks', {
      headers: bearer(admin.token),
    });

    // Assess
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe('Webhook added. Copy its secret now: it is not shown again.');
    expect(answer.body.data.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(answer.body.data.endpoint).toMatchObject({
      url: target.url,
      format: 'standard',
      events: ['request.created'],
      enabled: true,
      description: 'Studio bot',
      secret_hint: `…${answer.body.data.secret.slice(-4)}`,
    });
    const shown = listed.body.data.endpoints.find(
      (each) => each.id === answer.body.data.endpoint.id,
    );
    expect(shown).toEqual(answer.body.data.endpoint);
    expect(JSON.stringify(listed.body)).not.toContain(answer.body.data.secret);
  });

  it('is for admins only', async () => {
    // Prepare
    const user = await registerUser();
    const target = await receiver();

    // Act
    const asUser = await create({ url: target.url, events: ['request.created'] }, user.token);
    const anonymous = await api('/api/admin/webhooks');

    // Assess
    expect(asUser.status).toBe(403);
    expect(anonymous.status).toBe(401);
    expect(target.requests).toHaveLength(0);
  });

  it.each([
    ['a private address', 'https://10.0.0.7/hooks', '10.0.0.7'],
    ['the instance metadata address', 'http://169.254.169.254/latest/meta-data', '169.254.169.254'],
    ['a unique-local address', 'https://[fd12::1]/hooks', 'fd12::1'],
    ['a multicast address', 'https://224.0.0.9/hooks', '224.0.0.9'],
  ])('refuses %s when it is saved', async (_case, url, address) => {
    // Act
    const answer = await create({ url, events: ['request.created'] });

    // Assess
    expect(answer.status).toBe(400);
    expect(answer.body.error).toContain('This URL cannot receive webhooks');
    expect(answer.body.error).toContain(address);
    expect(answer.body.details).toEqual([{ field: 'url', message: answer.body.error }]);
  });

  it('says what is wrong with the settings', async () => {
    // Act
    const noEvents = await create({ url: 'https://hooks.example/x', events: [] });
    const noThreshold = await create({
      url: 'https://hooks.example/x',
      events: ['request.egg_threshold_passed'],
    });

    // Assess
    expect(noEvents.status).toBe(400);
    expect(noEvents.body.error).toBe('Choose at least one event');
    expect(noThreshold.status).toBe(400);
    expect(noThreshold.body.error).toBe('Set the egg threshold for "Egg threshold passed"');
  });
});

describe('Webhook deliveries', () => {
  it('sends a signed test event on request and logs it', async () => {
    // Prepare
    const target = await receiver();
    const { endpoint, secret } = (await create({ url: target.url, events: ['comment.created'] }))
      .body.data;

    // Act
    const answer = await api<{ data: WebhookDelivery; message: string }>(
      `/api/admin/webhooks/${endpoint.id}/test`,
      { method: 'POST', headers: bearer(admin.token) },
    );

    // Assess
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Test event sent.');
    expect(answer.body.data).toMatchObject({
      event_type: 'webhook.test',
      outcome: 'delivered',
      status: 200,
      excerpt: 'ok',
      attempt: 1,
    });
    const [payload] = target.verified(secret, 'webhook.test');
    expect(payload?.type).toBe('webhook.test');
    expect(target.requests[0]?.headers['webhook-id']).toBe(answer.body.data.message_id);
    expect(await deliveries(endpoint.id)).toEqual([answer.body.data]);
  });

  it('tells an endpoint of each new tracker request and suggestion, signed', async () => {
    // Prepare
    const target = await receiver();
    const { endpoint, secret } = (await create({ url: target.url, events: ['request.created'] }))
      .body.data;
    const marker = `Hook ${Date.now()}`;

    // Act
    const request = await submitRequest({ title: `${marker} request`, project_id: project.id });
    const suggestion = await submitSuggestion({ name: `${marker} suggestion` });
    const payloads = await until(
      () => target.verified(secret, marker),
      (found) => found.length === 2,
    );

    // Assess
    const byId = new Map(
      payloads.map((payload) => [
        (payload.data as { subject: { id: string } }).subject.id,
        payload,
      ]),
    );
    expect(byId.get(request.id)).toMatchObject({
      type: 'request.created',
      data: {
        subject: {
          type: 'tracker_request',
          id: request.id,
          title: `${marker} request`,
          project: { id: project.id, title: project.title },
        },
        author: null,
      },
    });
    const url = (byId.get(request.id)!.data as { subject: { url: string } }).subject.url;
    expect(url).toMatch(new RegExp(`^http://[^/]+/tracker/requests/${request.id}$`));
    expect(byId.get(suggestion.id)).toMatchObject({
      type: 'request.created',
      data: {
        subject: { type: 'tracker_suggestion', title: `${marker} suggestion`, project: null },
      },
    });
    const logged = await until(
      () => deliveries(endpoint.id),
      (list) => list.filter((each) => each.outcome === 'delivered').length >= 2,
    );
    expect(logged.every((each) => each.event_type === 'request.created')).toBe(true);
  });

  it('retries a failing receiver with growing pauses, then switches it off until an admin switches it on', async () => {
    // Prepare
    const target = await receiver();
    target.status = 500;
    const { endpoint, secret } = (await create({ url: target.url, events: ['request.created'] }))
      .body.data;
    const marker = `Failing ${Date.now()}`;

    // Act
    await submitRequest({ title: marker });
    const attempts = await until(
      () => target.requests.filter((request) => request.body.includes(marker)),
      (found) => found.length === 3,
    );
    const off = await until(
      async () =>
        (
          await api<{ data: { endpoints: WebhookEndpoint[] } }>('/api/admin/webhooks', {
            headers: bearer(admin.token),
          })
        ).body.data.endpoints.find((each) => each.id === endpoint.id),
      (found) => found?.enabled === false,
    );
    const told = await until(
      async () =>
        (
          await api<{ data: { notifications: Notification[] } }>('/api/notifications', {
            headers: bearer(admin.token),
          })
        ).body.data.notifications.find((each) => each.subject.id === endpoint.id),
      (found) => found !== undefined,
    );
    const switchedOn = await api<{ data: WebhookEndpoint; message: string }>(
      `/api/admin/webhooks/${endpoint.id}`,
      {
        method: 'PUT',
        headers: bearer(admin.token),
        json: { url: target.url, events: ['request.created'], enabled: true },
      },
    );

    // Assess
    expect(new Set(attempts.map((each) => each.headers['webhook-id'])).size).toBe(1);
    expect(target.verified(secret, marker)).toHaveLength(3);
    const pauses = [attempts[1]!.at - attempts[0]!.at, attempts[2]!.at - attempts[1]!.at];
    expect(pauses[0]).toBeGreaterThanOrEqual(250);
    expect(pauses[1]).toBeGreaterThan(pauses[0]!);
    expect(off?.disabled_reason).toBe(
      'Switched off after 3 failed attempts to deliver request.created',
    );
    const log = await deliveries(endpoint.id);
    expect(log.map((each) => [each.attempt, each.outcome, each.status])).toEqual([
      [3, 'failed', 500],
      [2, 'failed', 500],
      [1, 'failed', 500],
    ]);
    expect(log[0]?.excerpt).toBe('receiver is down');
    expect(log[0]?.next_attempt_at).toBeNull();
    expect(log[1]?.next_attempt_at).not.toBeNull();
    expect(told).toMatchObject({
      kind: 'webhook_disabled',
      subject: { type: 'webhook', id: endpoint.id, title: target.url },
      details: { reason: 'Switched off after 3 failed attempts to deliver request.created' },
    });
    expect(switchedOn.status).toBe(200);
    expect(switchedOn.body.message).toBe('Webhook enabled.');
    expect(switchedOn.body.data).toMatchObject({ enabled: true, disabled_reason: null });
  });

  it('sends Slack and Discord their own message shapes', async () => {
    // Prepare
    const slack = await receiver();
    const discord = await receiver();
    await create({ url: slack.url, format: 'slack', events: ['request.created'] });
    await create({ url: discord.url, format: 'discord', events: ['request.created'] });
    const marker = `Chat ${Date.now()}`;

    // Act
    const request = await submitRequest({ title: marker });
    const [toSlack] = await until(
      () => slack.requests.filter((each) => each.body.includes(marker)),
      (found) => found.length === 1,
    );
    const [toDiscord] = await until(
      () => discord.requests.filter((each) => each.body.includes(marker)),
      (found) => found.length === 1,
    );

    // Assess
    const text = `New tracker request "${marker}": `;
    expect(JSON.parse(toSlack!.body)).toEqual({
      text: expect.stringContaining(text) as string,
    });
    expect(JSON.parse(toDiscord!.body)).toEqual({
      content: expect.stringContaining(`/tracker/requests/${request.id}`) as string,
      allowed_mentions: { parse: [] },
    });
  });
});

describe('Webhook events', () => {
  it('tells of a feature request from creation to merge: status, comment, egg threshold, merge and its undoing, changelog', async () => {
    // Prepare: one endpoint taking every event, with a threshold of 150 eggs.
    const target = await receiver();
    const { secret } = (
      await create({
        url: target.url,
        events: WEBHOOK_EVENT_TYPES,
        egg_threshold: 150,
      })
    ).body.data;
    const author = await registerUser();
    const voter = await registerUser();
    const other = await approvedFeature(author.token, admin.token, project.id);
    const feature = await approvedFeature(author.token, admin.token, project.id);
    const about = (id: string) => (payload: WebhookPayload) =>
      JSON.stringify(payload.data).includes(id);

    // Act
    await api(`/api/features/${feature.id}/comments`, {
      method: 'POST',
      headers: bearer(voter.token),
      json: { body: 'Yes please, for the @nobody dashboard' },
    });
    for (const eggs of [100, 100, 50]) {
      const voted = await vote(voter.token, { feature_id: feature.id, eggs_allocated: eggs });
      expect([voted.status, voted.body.error]).toEqual([200, undefined]);
    }
    expect(
      (await untilDone(() => postMerge(admin.token, feature.id, { into_id: other.id }))).status,
    ).toBe(200);
    expect((await untilDone(() => postUnmerge(admin.token, feature.id))).status).toBe(200);
    const entry = await api<{ data: { id: string; title: string } }>('/api/changelog', {
      method: 'POST',
      headers: bearer(admin.token),
      json: { title: `Release ${feature.id}`, body: 'Notes.' },
    });
    const types = (payloads: WebhookPayload[]) => payloads.map((payload) => payload.type).sort();
    const payloads = await until(
      () => target.verified(secret, feature.id).filter(about(feature.id)),
      (found) => found.length >= 7,
    );

    // Assess
    expect(types(payloads)).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    const byType = new Map(payloads.map((payload) => [payload.type, payload.data]));
    const page = expect.stringMatching(
      new RegExp(`^http://[^/]+/features/${feature.id}$`),
    ) as unknown;
    expect(byType.get('request.created')).toMatchObject({
      subject: { type: 'feature', id: feature.id, url: page, project: { id: project.id } },
      author: expect.any(String) as unknown,
    });
    expect(byType.get('request.status_changed')).toMatchObject({
      status: 'approved',
      previous_status: 'pending',
    });
    expect(byType.get('comment.created')).toMatchObject({
      comment: { excerpt: 'Yes please, for the @nobody dashboard', url: page },
    });
    expect(byType.get('request.egg_threshold_passed')).toMatchObject({ threshold: 150, eggs: 200 });
    const inProject = { project: { id: project.id, title: project.title } };
    expect(byType.get('request.merged')).toMatchObject({
      subject: { id: feature.id, url: page, ...inProject },
      into: { id: other.id, ...inProject },
    });
    expect(byType.get('request.unmerged')).toMatchObject({
      subject: inProject,
      from: { id: other.id, ...inProject },
    });
    expect(byType.get('changelog.published')).toMatchObject({
      entry: {
        id: entry.body.data.id,
        url: expect.stringMatching(
          new RegExp(`/changelog#entry-${entry.body.data.id}$`),
        ) as unknown,
      },
    });
  });
});
