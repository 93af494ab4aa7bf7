import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureFunctions } from '../../../test/support/stack-table';

/** What the stand-in SES endpoint received. */
interface Received {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Record<string, unknown>;
}

const IDENTITY_ARN = 'arn:aws:ses:eu-west-1:123456789012:identity/hatchworks.example';

let server: Server;
let received: Received[] = [];
let answer = { status: 200, body: '{"MessageId":"0100-test"}' };

/**
 * The real SES v2 client against a stand-in endpoint on loopback (the SDK's own
 * AWS_ENDPOINT_URL_SESV2 setting): proves the request `sendMail` makes on AWS, signed for SES.
 */
beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>,
      });
      response.writeHead(answer.status, {
        'content-type': 'application/json',
        ...(answer.status >= 400 ? { 'x-amzn-errortype': 'MessageRejected' } : {}),
      });
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  // The environment goes back after the file (test/support/file-isolation.ts).
  configureFunctions({
    TABLE_NAME: 'mail-ses-test',
    MAIL_TRANSPORT: 'ses',
    MAIL_FROM: 'Hatchworks <no-reply@hatchworks.example>',
    MAIL_IDENTITY_ARN: IDENTITY_ARN,
    AWS_REGION: 'eu-west-1',
    AWS_ENDPOINT_URL_SESV2: `http://127.0.0.1:${port}`,
    AWS_ACCESS_KEY_ID: 'AKIDTESTTESTTEST',
    AWS_SECRET_ACCESS_KEY: 'test-secret-key',
  });
});

beforeEach(() => {
  received = [];
  answer = { status: 200, body: '{"MessageId":"0100-test"}' };
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('sendMail through Amazon SES', () => {
  it('calls SES v2 SendEmail with simple content, a text and an HTML part', async () => {
    // Prepare
    const { sendMail } = await import('../../src/modules/mail/mail');
    // Act
    await sendMail({
      to: 'ada@example.test',
      subject: 'Verify your email address',
      text: 'Open https://hatchworks.example/verify-email?token=t',
      html: '<p>Open <a href="https://hatchworks.example/verify-email?token=t">this</a></p>',
    });
    // Assess
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v2/email/outbound-emails');
    expect(String(request?.headers.authorization)).toMatch(
      /Credential=AKIDTESTTESTTEST\/\d{8}\/eu-west-1\/ses\/aws4_request/,
    );
    expect(request?.body).toEqual({
      FromEmailAddress: 'Hatchworks <no-reply@hatchworks.example>',
      FromEmailAddressIdentityArn: IDENTITY_ARN,
      Destination: { ToAddresses: ['ada@example.test'] },
      Content: {
        Simple: {
          Subject: { Data: 'Verify your email address', Charset: 'UTF-8' },
          Body: {
            Text: {
              Data: 'Open https://hatchworks.example/verify-email?token=t',
              Charset: 'UTF-8',
            },
            Html: {
              Data: '<p>Open <a href="https://hatchworks.example/verify-email?token=t">this</a></p>',
              Charset: 'UTF-8',
            },
          },
        },
      },
    });
  });

  it('sends a text-only mail without an HTML part', async () => {
    // Prepare
    const { sendMail } = await import('../../src/modules/mail/mail');
    // Act
    await sendMail({ to: 'ada@example.test', subject: 'Plain', text: 'Just text.' });
    // Assess
    const content = received[0]?.body.Content as { Simple: { Body: Record<string, unknown> } };
    expect(Object.keys(content.Simple.Body)).toEqual(['Text']);
  });

  it("rejects when SES refuses the mail, so the caller's request fails rather than pretends", async () => {
    // Prepare
    const { sendMail } = await import('../../src/modules/mail/mail');
    answer = {
      status: 400,
      body: '{"message":"Email address is not verified."}',
    };
    // Act
    const sending = sendMail({ to: 'stranger@example.test', subject: 'Hi', text: 'x' });
    // Assess
    await expect(sending).rejects.toThrow('Email address is not verified.');
  });
});
