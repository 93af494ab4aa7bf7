import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding } from '../src/compression';
import { startServer, type RunningServer } from '../src/server';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One GET without any automatic decompression, so the bytes on the wire are what is checked. */
function get(url: string, acceptEncoding?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const call = request(
      url,
      { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    call.on('error', reject);
    call.end();
  });
}

describe('the Accept-Encoding negotiation', () => {
  it('prefers Brotli, falls back to gzip and honours q=0', () => {
    // Act / Assess
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });
});

describe('the local server compresses like CloudFront', () => {
  let dir: string;
  let server: RunningServer;
  // A script large enough to be compressed (CloudFront compresses from 1,000 bytes on).
  const script = `export const rows = [${Array.from({ length: 2_000 }, (_, i) => `"row ${i}"`).join(',')}];\n`;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hatchworks-compression-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Hatchworks</title>');
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), script);
    writeFileSync(join(dir, 'assets', 'egg-abc123.png'), Buffer.alloc(4_000, 7));
    server = await startServer({ port: 0, webRoot: dir });
    server.serve({ config: { apiBaseUrl: '/api', auth: null, donation: null } });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends a script in Brotli to a browser that accepts it', async () => {
    // Act
    const answer = await get(`${server.url}/assets/index-abc123.js`, 'gzip, deflate, br, zstd');
    // Assess
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(answer.headers['content-length'])).toBe(answer.body.byteLength);
    expect(answer.body.byteLength).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(answer.body).toString()).toBe(script);
  });

  it('sends gzip to a client that only accepts gzip', async () => {
    // Act
    const answer = await get(`${server.url}/assets/index-abc123.js`, 'gzip');
    // Assess
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(answer.body).toString()).toBe(script);
  });

  it('sends the file as it is to a client that accepts no encoding', async () => {
    // Act
    const answer = await get(`${server.url}/assets/index-abc123.js`);
    // Assess
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.body.toString()).toBe(script);
  });

  it('leaves images and answers under 1,000 bytes uncompressed', async () => {
    // Act
    const image = await get(`${server.url}/assets/egg-abc123.png`, 'br, gzip');
    const config = await get(`${server.url}/config.json`, 'br, gzip');
    // Assess
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.body.byteLength).toBe(4_000);
    expect(config.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(config.body.toString())).toMatchObject({ apiBaseUrl: '/api' });
  });
});
