import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { routePath } from '@hatchworks/shared/contract';
import { ROUTES, type RouteDefinition } from '@hatchworks/shared/routes';
import type { ChangelogEntry } from '@hatchworks/shared/schemas/changelog';
import type { Comment } from '@hatchworks/shared/schemas/comments';
import type { Feature } from '@hatchworks/shared/schemas/features';
import { NAME_MESSAGES } from '@hatchworks/shared/schemas/user-names';
import type { User } from '@hatchworks/shared/schemas/users';
import {
  bearer,
  dataLayer,
  registerAdmin,
  registerUser,
  verifyHostedUser,
} from '../../../test/support/accounts';
import { api } from '../../../test/support/api';
import { freshClientAddress } from '../../../test/support/client-addresses';
import { createFeature, createProject, vote as voteEggs } from '../../../test/support/features';
import { signInWithIdp } from '../../../test/support/idp';
import {
  TrackerClient,
  submitRequest,
  submitSuggestion,
  vote as voteTracker,
} from '../../../test/support/tracker';

/** Someone with an account: what they sign in with and the address nobody else may read. */
interface Person {
  readonly id: string;
  readonly email: string;
  readonly username: string;
  readonly token: string;
}

const person = ({ user, token }: { user: User; token: string }): Person => ({
  id: user.id,
  email: user.email,
  username: user.username,
  token,
});

/** How an email can show in an answer: whole, its local part with the @, and URL-encoded. */
function emailForms(email: string): string[] {
  const local = `${email.split('@')[0] ?? ''}@`;
  return [email, local, encodeURIComponent(email), encodeURIComponent(local)].map((form) =>
    form.toLowerCase(),
  );
}

/** The GET routes of the manifest that anyone, or any signed-in user, may call. */
const READ_ROUTES = (ROUTES as readonly RouteDefinition[]).filter(
  (route) => route.method === 'GET' && route.access !== 'admin',
);

/** Sends `json` as `token`'s user and answers the answer's data; anything but 2xx throws. */
async function send<T>(method: string, path: string, token: string, json: unknown): Promise<T> {
  const answer = await api<{ data: T; error?: string }>(path, {
    method,
    headers: bearer(token),
    json,
  });
  if (answer.status >= 300) {
    throw new Error(`${method} ${path}: ${answer.status} ${answer.body.error}`);
  }
  return answer.body.data;
}

const post = <T>(path: string, token: string, json: unknown) => send<T>('POST', path, token, json);
const put = <T>(path: string, token: string, json: unknown) => send<T>('PUT', path, token, json);

const comment = (path: string, token: string, parentId?: string) =>
  post<Comment>(path, token, {
    body: 'Count me in.',
    ...(parentId ? { parent_id: parentId } : {}),
  });

describe('nothing private in public', () => {
  let admin: Person;
  /** An account whose stored display name is its email (as older accounts hold it). */
  let otto: Person;
  /** A new account without a display name. */
  let ann: Person;
  /** A hosted sign-up without a name: the identity provider sends the email as `name`. */
  let hal: Person;
  /** The signed-in user who reads what the others wrote. */
  let viewer: Person;
  let feature: Feature;
  let request: { id: string };
  let suggestion: { id: string };
  let entry: ChangelogEntry;

  beforeAll(async () => {
    const hostedEmail = `hal-${randomUUID().slice(0, 8)}@example.test`;
    const [adminAuth, ottoAuth, annAuth, viewerAuth, hosted] = await Promise.all([
      registerAdmin(),
      registerUser({ email: `otto-${randomUUID().slice(0, 8)}@example.test` }),
      registerUser(),
      registerUser({ display_name: 'Vera Viewer' }),
      signInWithIdp({ email: hostedEmail, password: 'hosted password 1', signUp: {} }),
    ]);
    const halAnswer = await verifyHostedUser(hosted.accessToken);
    if (halAnswer.status !== 200) throw new Error(`verify-user: ${halAnswer.status}`);
    [admin, otto, ann, viewer] = [adminAuth, ottoAuth, annAuth, viewerAuth].map(person) as [
      Person,
      Person,
      Person,
      Person,
    ];
    hal = person({ user: halAnswer.body.data, token: hosted.accessToken });

    // Through the data layer, since the contract refuses it: the read rule has to hide it.
    const { users, client, keys } = await dataLayer();
    const stored = await users.getUserById(otto.id);
    if (!stored) throw new Error('otto is not stored');
    await users.updateProfile(stored, { display_name: otto.email, username: otto.username });

    // Every place a user writes: a feature request with eggs on it, tracker requests and
    // suggestions with votes, comments and replies, a profile; then a changelog entry closing
    // the feature, so every read route has something to show.
    const project = await createProject(admin.token);
    const featureWrites = async () => {
      feature = await createFeature(otto.token, project.id);
      // The feature's copy of the author's name is the email too: the rule has to hide copies.
      await client.db.send(
        new UpdateCommand({
          TableName: client.tableName,
          Key: keys.featureKeys.item(feature.id),
          UpdateExpression: 'SET user_display_name = :email',
          ExpressionAttributeValues: { ':email': otto.email },
        }),
      );
      await post(`/api/admin/features/${feature.id}/approve`, admin.token, {});
      const votes = await Promise.all([
        voteEggs(ann.token, { feature_id: feature.id, eggs_allocated: 25 }),
        voteEggs(viewer.token, { feature_id: feature.id, eggs_allocated: 10 }),
      ]);
      if (votes.some((answer) => answer.status !== 200)) throw new Error('an egg vote failed');
      const first = await comment(`/api/features/${feature.id}/comments`, otto.token);
      await comment(`/api/features/${feature.id}/comments`, ann.token, first.id);
      await put(`/api/admin/features/${feature.id}/status`, admin.token, { status: 'completed' });
      entry = await post<ChangelogEntry>('/api/changelog', admin.token, {
        title: 'Release',
        body: 'Shipped.',
        closes: [{ type: 'feature', id: feature.id }],
      });
    };
    const trackerWrites = async () => {
      [request, suggestion] = await Promise.all([
        submitRequest({ project_id: project.id }, new TrackerClient(otto.token)),
        submitSuggestion({}, new TrackerClient(hal.token)),
      ]);
      const answers = await Promise.all([
        voteTracker(new TrackerClient(ann.token), 'feature_request', request.id, 'up'),
        voteTracker(new TrackerClient(hal.token), 'feature_request', request.id, 'up'),
        voteTracker(new TrackerClient(otto.token), 'project_suggestion', suggestion.id, 'up'),
      ]);
      if (answers.some((answer) => answer.status !== 200)) throw new Error('a vote failed');
      await Promise.all([
        comment(`/api/tracker/feature-requests/${request.id}/comments`, hal.token),
        comment(`/api/tracker/project-suggestions/${suggestion.id}/comments`, otto.token),
      ]);
    };
    await Promise.all([
      featureWrites(),
      trackerWrites(),
      put('/api/user/profile', ann.token, { display_name: 'Ann Hen', username: ann.username }),
    ]);
  });

  /** Each way to fill a route's path variables with what the accounts wrote. */
  function pathParams(route: RouteDefinition, others: readonly Person[]) {
    const ids: [string, Record<string, string>[]][] = [
      ['/api/projects/{key}', [{ key: 'web-applications' }]],
      ['/api/features/{id}', [{ id: feature.id }]],
      ['/api/tracker/feature-requests/{id}', [{ id: request.id }]],
      ['/api/tracker/project-suggestions/{id}', [{ id: suggestion.id }]],
      ['/api/changelog/{id}', [{ id: entry.id }]],
      ['/api/users/{id}', others.map((other) => ({ id: other.id }))],
    ];
    if (!route.path.includes('{')) return [{}];
    const match = ids.find(([prefix]) => route.path.startsWith(prefix));
    if (!match) throw new Error(`${route.path}: no values for its path variables in this test`);
    return match[1];
  }

  /** The query strings a route needs to answer something. */
  function queries(route: RouteDefinition): string[] {
    if (route.path === '/api/search/similar') {
      return [
        `?type=feature&q=${encodeURIComponent(feature.title)}`,
        `?type=tracker_request&q=Request`,
        `?type=tracker_suggestion&q=Suggestion`,
      ];
    }
    return [''];
  }

  /**
   * Reads every route as `reader` (anonymous when undefined) and answers each finding: the route
   * and the email one of `accounts` left in the answer, or a route that did not answer.
   */
  async function readEverything(reader: Person | undefined, accounts: readonly Person[]) {
    const findings: string[] = [];
    const bodies: string[] = [];
    const routes = READ_ROUTES.filter((route) => reader || route.access === 'public');
    const calls = routes.flatMap((route) =>
      pathParams(route, accounts).flatMap((params) =>
        queries(route).map((query) => ({ route, path: `${routePath(route, params)}${query}` })),
      ),
    );
    const answers = await Promise.all(
      calls.map(async ({ route, path }) => {
        const answer = await api(path, {
          headers: reader ? bearer(reader.token) : {},
          from: freshClientAddress(),
        });
        const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
        return { route, path, status: answer.status, body: text.toLowerCase() };
      }),
    );
    for (const { route, path, status, body } of answers) {
      bodies.push(body);
      if (status !== 200) findings.push(`GET ${path} (${route.path}): ${status}`);
      for (const account of accounts) {
        for (const form of emailForms(account.email)) {
          if (body.includes(form)) findings.push(`GET ${path} (${route.path}): ${form}`);
        }
      }
    }
    return { findings, bodies, routes };
  }

  it('answers no email of any account on any anonymous GET route of the manifest', async () => {
    // Act
    const { findings, bodies, routes } = await readEverything(undefined, [
      admin,
      otto,
      ann,
      hal,
      viewer,
    ]);
    // Assess
    expect(findings).toEqual([]);
    expect(routes.length).toBeGreaterThan(15);
    // The authors were named at all: by their usernames.
    for (const author of [otto, hal]) {
      expect(bodies.some((body) => body.includes(`"${author.username.toLowerCase()}"`))).toBe(true);
    }
  });

  it("answers a signed-in user no other account's email on any route a user reads", async () => {
    // Act
    const { findings, routes } = await readEverything(viewer, [admin, otto, ann, hal]);
    // Assess
    expect(findings).toEqual([]);
    expect(routes.some((route) => route.path === '/api/users/{id}/features')).toBe(true);
  });

  it('shows the username of an account whose display name is its email, on its own profile too', async () => {
    // Act
    const profile = await api<{ data: User }>('/api/user/profile', { headers: bearer(otto.token) });
    const hosted = await api<{ data: User }>('/api/user/profile', { headers: bearer(hal.token) });
    // Assess
    expect(profile.body.data).toMatchObject({ email: otto.email, display_name: otto.username });
    expect(hosted.body.data).toMatchObject({ email: hal.email, display_name: hal.username });
  });
});

describe('a display name that is an email address', () => {
  it.each(['otto@example.test', 'Otto <otto@example.test>', 'otto＠example.test'])(
    'is refused by PUT /api/user/profile with 400 naming the display name (%s)',
    async (displayName) => {
      // Prepare
      const account = await registerUser();
      // Act
      const answer = await api<{ error: string; details: { field: string }[] }>(
        '/api/user/profile',
        {
          method: 'PUT',
          headers: bearer(account.token),
          json: { display_name: displayName, username: account.user.username },
        },
      );
      // Assess
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe(NAME_MESSAGES.displayNameEmail);
      expect(answer.body.details).toEqual([
        { field: 'display_name', message: NAME_MESSAGES.displayNameEmail },
      ]);
    },
  );

  it('is refused by POST /api/auth/register with 400 naming the display name', async () => {
    // Prepare
    const email = `reg-${randomUUID().slice(0, 8)}@example.test`;
    // Act
    const answer = await api<{ details: { field: string; message: string }[] }>(
      '/api/auth/register',
      {
        method: 'POST',
        json: { email, password: 'long enough password', display_name: email },
        from: freshClientAddress(),
      },
    );
    // Assess
    expect(answer.status).toBe(400);
    expect(answer.body.details).toContainEqual({
      field: 'display_name',
      message: NAME_MESSAGES.displayNameEmail,
    });
  });
});
