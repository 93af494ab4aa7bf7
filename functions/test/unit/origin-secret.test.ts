import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpHandler } from '../../src/http/http-handler';
import { clientAddress } from '../../src/lib/client-ip';
import { httpEvent, lambdaContext } from '../support/events';

const SECRET = 'origin-secret-kept-in-secrets-manager-0123456789';
const SECRET_ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:OriginSecretValue1-AbCdEf';

const secretsManager = mockClient(SecretsManagerClient);

beforeAll(() => {
  // As on AWS: the functions get the secret's ARN, not its value.
  delete process.env.ORIGIN_VERIFY_SECRET;
  process.env.ORIGIN_VERIFY_SECRET_ARN = SECRET_ARN;
  secretsManager
    .on(GetSecretValueCommand, { SecretId: SECRET_ARN })
    .resolves({ ARN: SECRET_ARN, SecretString: SECRET });
});

afterAll(() => {
  secretsManager.restore();
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

  it('reads the secret once per cold start, not once per request', async () => {
    // Act
    await Promise.all([1, 2, 3].map(() => call({ 'x-origin-verify': SECRET })));
    // Assess
    expect(secretsManager.commandCalls(GetSecretValueCommand)).toHaveLength(1);
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
});
