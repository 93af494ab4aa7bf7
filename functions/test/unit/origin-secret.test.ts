import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpHandler } from '../../src/http/http-handler';
import { clientAddress } from '../../src/lib/client-ip';
import { getSecretString } from '../../src/lib/secrets-manager';
import { httpEvent, lambdaContext } from '../support/events';

const SECRET = 'origin-secret-kept-in-secrets-manager-0123456789';
const SECRET_ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:OriginSecretValue1-AbCdEf';

interface RecordedCall {
  readonly headers: IncomingHttpHeaders;
  readonly body: { SecretId?: string };
}

/**
 * Secrets Manager's endpoint as it answers GetSecretValue (its JSON protocol), recording each
 * request: the value for the one known secret, its documented error for any other.
 */
const calls: RecordedCall[] = [];
let endpoint: Server;

beforeAll(async () => {
  endpoint = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const body = JSON.parse(text) as { SecretId?: string };
      calls.push({ headers: request.headers, body });
      response.setHeader('content-type', 'application/x-amz-json-1.1');
      if (body.SecretId === SECRET_ARN) {
        response.end(
          JSON.stringify({ ARN: SECRET_ARN, Name: 'OriginSecret', SecretString: SECRET }),
        );
      } else {
        response.statusCode = 400;
        response.end(
          JSON.stringify({
            __type: 'ResourceNotFoundException',
            message: "Secrets Manager can't find the specified secret.",
          }),
        );
      }
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  const { port } = endpoint.address() as AddressInfo;
  // As on AWS: the role's credentials in the environment, the secret's ARN instead of its value.
  Object.assign(process.env, {
    AWS_REGION: 'eu-west-1',
    AWS_ACCESS_KEY_ID: 'ASIAEXAMPLEKEY',
    AWS_SECRET_ACCESS_KEY: 'example-secret-access-key',
    AWS_SESSION_TOKEN: 'example-session-token',
    AWS_ENDPOINT_URL_SECRETS_MANAGER: `http://127.0.0.1:${port}`,
    ORIGIN_VERIFY_SECRET_ARN: SECRET_ARN,
  });
  delete process.env.ORIGIN_VERIFY_SECRET;
});

afterAll(async () => {
  await new Promise((resolve) => endpoint.close(resolve));
});

const handler = httpHandler({
  handler: async ({ event }) => ({ client: clientAddress(event) }),
});

const call = async (headers: Record<string, string>) => {
  const event = httpEvent({
    routeKey: 'GET /api/health',
    headers: { 'content-type': 'application/json', ...headers },
  });
  const response = (await handler(event, lambdaContext)) as { statusCode: number; body: string };
  return { status: response.statusCode, json: JSON.parse(response.body) as { data?: unknown } };
};

describe('the origin secret read from Secrets Manager (ORIGIN_VERIFY_SECRET_ARN, as on AWS)', () => {
  it('refuses a request without the value and lets the right one through', async () => {
    // Act
    const refused = await call({});
    const passed = await call({ 'x-origin-verify': SECRET });
    // Assess
    expect(refused.status).toBe(403);
    expect(passed.status).toBe(200);
  });

  it('reads the secret once per cold start, by a request signed with the role', async () => {
    // Act
    await Promise.all([1, 2, 3].map(() => call({ 'x-origin-verify': SECRET })));
    // Assess
    expect(calls).toHaveLength(1);
    const [first] = calls;
    expect(first?.body).toEqual({ SecretId: SECRET_ARN });
    expect(first?.headers).toMatchObject({
      'x-amz-target': 'secretsmanager.GetSecretValue',
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-security-token': 'example-session-token',
    });
    expect(first?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=ASIAEXAMPLEKEY\/\d{8}\/eu-west-1\/secretsmanager\/aws4_request, SignedHeaders=[a-z0-9;-]*x-amz-target[a-z0-9;-]*, Signature=[0-9a-f]{64}$/,
    );
  });

  it("believes CloudFront's viewer address behind the lock", async () => {
    // Act
    const answer = await call({
      'x-origin-verify': SECRET,
      'cloudfront-viewer-address': '198.51.100.7:51234',
    });
    // Assess
    expect(answer.json.data).toEqual({ client: '198.51.100.7' });
  });

  it("reports Secrets Manager's refusal with its type", async () => {
    // Act
    const read = getSecretString('arn:aws:secretsmanager:eu-west-1:123456789012:secret:Gone');
    // Assess
    await expect(read).rejects.toThrow(
      "Secrets Manager refused GetSecretValue: ResourceNotFoundException: Secrets Manager can't find the specified secret.",
    );
  });
});
