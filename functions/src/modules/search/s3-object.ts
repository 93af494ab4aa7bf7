import { SignatureV4 } from '@smithy/signature-v4';
import { db } from '../table/client';
import { env } from '../../lib/env';

export interface S3Answer {
  readonly status: number;
  readonly etag: string | undefined;
  readonly body: string;
}

/** The two calls the search snapshot needs on one bucket. */
export interface S3Object {
  /** GetObject; with `ifNoneMatch` a 304 when the object still has that ETag. */
  get(key: string, ifNoneMatch?: string): Promise<S3Answer>;
  /** PutObject on the condition that the ETag is `ifMatch` (null: that the key is free). */
  put(key: string, body: string, ifMatch: string | null | undefined): Promise<S3Answer>;
}

/**
 * GetObject and PutObject as signed HTTPS requests, without the S3 client: the client and its
 * middleware would add some 300 KB to every list function's bundle (infra/test/bundling.test.ts
 * keeps each within 100 KB of a bare handler), while the SigV4 signer, the credentials and the
 * hash are already there for DynamoDB. Virtual-hosted style, the function's own region.
 */
export function s3Object(bucket: string): S3Object {
  const region = env().AWS_REGION;
  const hostname = `${bucket}.s3.${region}.amazonaws.com`;
  const signer = new SignatureV4({
    service: 's3',
    region,
    credentials: db.config.credentials,
    sha256: db.config.sha256,
    // S3 signs the path as sent (no double escaping) and wants the payload's hash in a header.
    uriEscapePath: false,
    applyChecksum: true,
  });

  async function send(
    method: 'GET' | 'PUT',
    key: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<S3Answer> {
    const path = `/${key.split('/').map(encodeURIComponent).join('/')}`;
    const signed = await signer.sign({
      method,
      protocol: 'https:',
      hostname,
      path,
      query: {},
      headers: { host: hostname, ...headers },
      ...(body === undefined ? {} : { body }),
    });
    const sent = { ...signed.headers };
    delete sent.host;
    const response = await fetch(`https://${hostname}${path}`, {
      method,
      headers: sent,
      ...(body === undefined ? {} : { body }),
    });
    // Read whole either way: an unread body holds its connection.
    const text = await response.text();
    return {
      status: response.status,
      etag: response.headers.get('etag') ?? undefined,
      body: response.status === 200 && method === 'GET' ? text : '',
    };
  }

  return {
    get: (key, ifNoneMatch) =>
      send('GET', key, ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}),
    put: (key, body, ifMatch) =>
      send(
        'PUT',
        key,
        {
          'content-type': 'application/json',
          ...(ifMatch === null ? { 'if-none-match': '*' } : {}),
          ...(typeof ifMatch === 'string' ? { 'if-match': ifMatch } : {}),
        },
        body,
      ),
  };
}
