import { describe, expect, it } from 'vitest';
import { api } from '../../../test/support/api';
import { testStack } from '../../../test/support/stack';

const SECURITY_HEADERS = ['content-security-policy', 'x-content-type-options', 'referrer-policy'];

describe('unknown /api paths', () => {
  it.each(['/api/nope', '/api/projects/a/b/c', '/api/health/extra'])(
    'answers %s with the JSON 404 envelope, never the SPA',
    async (path) => {
      const answer = await api(path);

      expect(answer.status).toBe(404);
      expect(answer.headers.get('content-type')).toMatch(/application\/json/);
      expect(answer.body).toEqual({
        success: false,
        error: 'Resource not found.',
        code: 'NOT_FOUND',
      });
    },
  );

  it('answers an unknown method on a known path with the JSON 404 envelope', async () => {
    const answer = await api('/api/health', { method: 'DELETE' });

    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('the local site', () => {
  it('serves index.html for client routes, like the CloudFront function', async () => {
    for (const path of ['/', '/tracker/requests', '/about', '/feature-requests']) {
      const response = await fetch(`${testStack().baseUrl}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(await response.text()).toMatch(/<div id="root">/);
    }
  });

  it('answers a missing file with 404, not the SPA', async () => {
    const response = await fetch(`${testStack().baseUrl}/assets/missing-file.js`);

    expect(response.status).toBe(404);
  });

  it('serves the runtime config at /config.json', async () => {
    const response = await fetch(`${testStack().baseUrl}/config.json`);

    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ apiBaseUrl: '/api' });
  });

  it('sends the security headers on pages, API answers and errors alike', async () => {
    for (const path of ['/', '/api/health', '/api/nope', '/config.json']) {
      const response = await fetch(`${testStack().baseUrl}${path}`);
      for (const header of SECURITY_HEADERS)
        expect(response.headers.get(header), `${header} on ${path}`).toBeTruthy();
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    }
  });
});
