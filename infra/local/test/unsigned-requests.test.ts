import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localClient } from '../src/dynamodb-local';

describe('a DynamoDB Local client', () => {
  let server: Server;
  const seen: IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    // Answers like DynamoDB Local's ListTables and keeps the headers it was sent.
    server = createServer((request, response) => {
      seen.push(request.headers);
      request.resume().on('end', () => {
        response.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
        response.end(JSON.stringify({ TableNames: ['hatchworks-local'] }));
      });
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  });

  afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

  it('names its access key in a fixed Authorization header instead of signing the request', async () => {
    // Prepare
    const { port } = server.address() as AddressInfo;
    const client = localClient(`http://127.0.0.1:${port}`);

    // Act
    const answer = await client.send(new ListTablesCommand({}));

    // Assess: SigV4 would add the request's time and a signature over it
    expect(answer.TableNames).toEqual(['hatchworks-local']);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=local\/.*Signature=0$/);
    expect(seen[0]?.['x-amz-date']).toBeUndefined();
  });
});
