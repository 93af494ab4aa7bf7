import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { EMBED_LIMITS, EMBED_MESSAGES } from '@hatchworks/shared/embed';
import type { Project } from '@hatchworks/shared/schemas/projects';
import { api } from '../../../test/support/api';
import { bearer, registerAdmin, registerUser } from '../../../test/support/accounts';
import { testStack } from '../../../test/support/stack';

let adminToken: string;

beforeAll(async () => {
  adminToken = (await registerAdmin()).token;
});

const slug = () => `embed-${randomUUID().slice(0, 8)}`;

function saveProject(json: Record<string, unknown>, id?: string, token = adminToken) {
  return api<{ data: Project; error?: string; details?: { message: string }[] }>(
    id ? `/api/projects/${id}` : '/api/projects',
    { method: id ? 'PUT' : 'POST', headers: bearer(token), json },
  );
}

/** The panel page of a key, as a browser asks for it. */
async function panel(key: string) {
  const response = await fetch(`${testStack().baseUrl}/embed/${key}`);
  await response.text();
  return response;
}

const frameAncestorsOf = (response: Response) =>
  /frame-ancestors ([^;]*)/.exec(response.headers.get('content-security-policy') ?? '')?.[1];

describe('embed origins of a project', () => {
  it('stores the origins normalised, and the panel of its slug and id is framed by exactly those', async () => {
    const name = slug();
    const created = await saveProject({
      title: `Embed ${name}`,
      path: `/apps/${name}/`,
      embed_origins: ['https://Example.com/', ' http://localhost:5173 ', 'https://example.com', ''],
    });
    expect(created.status).toBe(201);
    expect(created.body.data.embed_origins).toEqual([
      'https://example.com',
      'http://localhost:5173',
    ]);

    for (const key of [name, created.body.data.id]) {
      const answer = await panel(key);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toContain('text/html');
      expect(frameAncestorsOf(answer)).toBe("'self' https://example.com http://localhost:5173");
      expect(answer.headers.get('x-frame-options')).toBeNull();
    }

    // Another project's panel lists none of them; the site's own pages may be framed by nobody.
    const other = await saveProject({ title: `Other ${slug()}`, path: `/apps/${slug()}/` });
    expect(frameAncestorsOf(await panel(other.body.data.id))).toBe("'self'");
    const home = await fetch(`${testStack().baseUrl}/`);
    expect(frameAncestorsOf(home)).toBe("'none'");
    expect(home.headers.get('x-frame-options')).toBe('DENY');

    // An edit that clears the list leaves the site alone.
    const cleared = await saveProject(
      { title: created.body.data.title, path: `/apps/${name}/`, embed_origins: [] },
      created.body.data.id,
    );
    expect(cleared.status).toBe(200);
    expect(frameAncestorsOf(await panel(name))).toBe("'self'");
  });

  it('answers an unknown project key with the panel framed by the site alone', async () => {
    const answer = await panel('no-such-project');
    expect(answer.status).toBe(200);
    expect(frameAncestorsOf(answer)).toBe("'self'");
  });

  it.each([
    ['a path', 'https://example.com/app', EMBED_MESSAGES.originInvalid('https://example.com/app')],
    ['a wildcard', 'https://*.example.com', EMBED_MESSAGES.originInvalid('https://*.example.com')],
    ['plain http', 'http://example.com', EMBED_MESSAGES.originInsecure('http://example.com')],
    ['not a URL', 'example.com', EMBED_MESSAGES.originInvalid('example.com')],
    ['a query', 'https://example.com?x=1', EMBED_MESSAGES.originInvalid('https://example.com?x=1')],
    [
      'credentials',
      'https://a:b@example.com',
      EMBED_MESSAGES.originInvalid('https://a:b@example.com'),
    ],
    ['another scheme', 'javascript:alert(1)', EMBED_MESSAGES.originInvalid('javascript:alert(1)')],
    [
      'CSP syntax in the host',
      'https://a;b.example',
      EMBED_MESSAGES.originInvalid('https://a;b.example'),
    ],
    [
      'a list in one entry',
      'https://a,b.example',
      EMBED_MESSAGES.originInvalid('https://a,b.example'),
    ],
  ])('refuses %s with 400 and keeps the project as it was', async (_case, origin, message) => {
    const created = await saveProject({
      title: `Refused ${slug()}`,
      embed_origins: ['https://ok.example'],
    });
    const refused = await saveProject(
      { title: created.body.data.title, embed_origins: [origin] },
      created.body.data.id,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.details?.map((detail) => detail.message)).toContain(message);
    const list = await api<{ data: { projects: Project[] } }>('/api/projects?limit=100');
    const stored = list.body.data.projects.find((project) => project.id === created.body.data.id);
    expect(stored?.embed_origins).toEqual(['https://ok.example']);
  });

  it(`refuses more than ${EMBED_LIMITS.origins} origins`, async () => {
    const origins = Array.from(
      { length: EMBED_LIMITS.origins + 1 },
      (_, n) => `https://s${n}.example`,
    );
    const refused = await saveProject({ title: `Many ${slug()}`, embed_origins: origins });
    expect(refused.status).toBe(400);
    expect(refused.body.details?.map((detail) => detail.message)).toContain(
      EMBED_MESSAGES.tooManyOrigins,
    );
  });

  it('lets only admins set them', async () => {
    const user = await registerUser();
    const created = await saveProject({ title: `Admin only ${slug()}` });
    const refused = await saveProject(
      { title: created.body.data.title, embed_origins: ['https://evil.example'] },
      created.body.data.id,
      user.token,
    );
    expect(refused.status).toBe(403);
    const anonymous = await api(`/api/projects/${created.body.data.id}`, {
      method: 'PUT',
      json: { title: created.body.data.title, embed_origins: ['https://evil.example'] },
    });
    expect(anonymous.status).toBe(401);
    expect(frameAncestorsOf(await panel(created.body.data.id))).toBe("'self'");
  });
});
