import { createHash, createHmac, type BinaryLike, type Hash, type Hmac } from 'node:crypto';
import { fromEnv } from '@aws-sdk/credential-provider-env';
import { SignatureV4 } from '@smithy/signature-v4';

type SourceData = string | ArrayBuffer | ArrayBufferView;

const bytes = (data: SourceData): BinaryLike =>
  typeof data === 'string'
    ? data
    : ArrayBuffer.isView(data)
      ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
      : new Uint8Array(data);

/** SHA-256 (or its HMAC, given a key) as the SigV4 signer wants it, from node:crypto. */
class Sha256 {
  private readonly hash: Hash | Hmac;

  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(secret));
  }

  update(data: SourceData): void {
    this.hash.update(bytes(data));
  }

  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
}

/** The error Secrets Manager answered, with its type (e.g. `ResourceNotFoundException`). */
export class SecretsManagerError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(`Secrets Manager refused GetSecretValue: ${type}: ${message}`);
    this.name = 'SecretsManagerError';
  }
}

/**
 * The string of a Secrets Manager secret, by one signed HTTPS request (`GetSecretValue`, the
 * service's JSON protocol) instead of its client: every API function reads the origin secret,
 * and the client would add its code to each bundle (infra/test/bundling.test.ts keeps each within
 * 100 KB of a bare handler). Credentials are the function role's, from the environment Lambda
 * sets; the endpoint is the region's, or `AWS_ENDPOINT_URL_SECRETS_MANAGER` as the SDKs allow.
 */
export async function getSecretString(secretId: string): Promise<string> {
  const region = process.env.AWS_REGION ?? 'us-east-1';
  const endpoint = new URL(
    process.env.AWS_ENDPOINT_URL_SECRETS_MANAGER ??
      `https://secretsmanager.${region}.amazonaws.com`,
  );
  const signer = new SignatureV4({
    service: 'secretsmanager',
    region,
    credentials: fromEnv(),
    sha256: Sha256,
  });
  const body = JSON.stringify({ SecretId: secretId });
  const signed = await signer.sign({
    method: 'POST',
    protocol: endpoint.protocol,
    hostname: endpoint.hostname,
    ...(endpoint.port ? { port: Number(endpoint.port) } : {}),
    path: '/',
    headers: {
      host: endpoint.host,
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'secretsmanager.GetSecretValue',
    },
    body,
  });
  const headers = { ...signed.headers };
  delete headers.host;
  const response = await fetch(new URL('/', endpoint), { method: 'POST', headers, body });
  const answer = (await response.json().catch(() => ({}))) as {
    SecretString?: string;
    __type?: string;
    message?: string;
    Message?: string;
  };
  if (!response.ok) {
    throw new SecretsManagerError(
      (answer.__type ?? `HTTP ${response.status}`).split('#').pop() ?? '',
      answer.message ?? answer.Message ?? '',
    );
  }
  return answer.SecretString ?? '';
}
