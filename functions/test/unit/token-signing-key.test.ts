import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { signingKeyResource, type KeyStore } from '../../src/custom-resources/token-signing-key';
import { parseSigningKeys, type PublicKeySet } from '../../src/lib/token-keys';

const SECRET_ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:TokenSigningKey-abc';
/** What CloudFormation generates into the secret before the resource writes the keys. */
const PLACEHOLDER = 'x7PlaceholderGeneratedByCloudFormation0123456789abcdefghijklmnop';

/** A secret in memory that counts its writes. */
function memoryStore(initial: string | undefined) {
  const state = { value: initial, writes: 0 };
  const store: KeyStore = {
    read: async () => state.value,
    write: async (_arn, value) => {
      state.value = value;
      state.writes += 1;
    },
  };
  return { store, state };
}

function request(
  RequestType: 'Create' | 'Update' | 'Delete',
  Generation = '1',
): CloudFormationCustomResourceEvent {
  return {
    RequestType,
    ServiceToken: 'token',
    ResponseURL: 'https://example.com',
    StackId: 'stack',
    RequestId: 'request',
    LogicalResourceId: 'TokenSigningKey',
    ResourceType: 'Custom::TokenSigningKey',
    PhysicalResourceId: SECRET_ARN,
    ResourceProperties: { ServiceToken: 'token', SecretArn: SECRET_ARN, Generation },
    OldResourceProperties: { ServiceToken: 'token', SecretArn: SECRET_ARN, Generation: '1' },
  } as CloudFormationCustomResourceEvent;
}

const publicKeys = (result: { Data?: { PublicKeys: string } }) =>
  JSON.parse(result.Data?.PublicKeys ?? '{}') as PublicKeySet;

describe('the token signing key custom resource', () => {
  it('replaces the placeholder with one fresh key and answers only its public half', async () => {
    // Prepare
    const { store, state } = memoryStore(PLACEHOLDER);
    // Act
    const result = await signingKeyResource(store)(request('Create'));
    // Assess
    const [stored] = parseSigningKeys(state.value ?? '');
    expect(state.writes).toBe(1);
    expect(result.PhysicalResourceId).toBe(SECRET_ARN);
    expect(publicKeys(result).keys).toEqual([
      {
        kty: 'EC',
        crv: 'P-256',
        x: stored?.x,
        y: stored?.y,
        kid: stored?.kid,
        alg: 'ES256',
        use: 'sig',
      },
    ]);
    expect(result.Data?.SigningKeyId).toBe(stored?.kid);
    expect(JSON.stringify(result)).not.toContain(stored?.d);
  });

  it('keeps the keys on every later deployment of the same generation', async () => {
    // Prepare
    const { store, state } = memoryStore(PLACEHOLDER);
    const created = await signingKeyResource(store)(request('Create'));
    // Act
    const updated = await signingKeyResource(store)(request('Update'));
    // Assess
    expect(state.writes).toBe(1);
    expect(updated.Data).toEqual(created.Data);
  });

  it('rotates on a new generation: a new key signs, the previous one still verifies', async () => {
    // Prepare
    const { store } = memoryStore(PLACEHOLDER);
    const first = await signingKeyResource(store)(request('Create'));
    // Act
    const second = await signingKeyResource(store)(request('Update', '2'));
    const third = await signingKeyResource(store)(request('Update', '3'));
    // Assess
    const firstKid = first.Data?.SigningKeyId;
    const secondKid = second.Data?.SigningKeyId;
    expect(publicKeys(second).keys.map((key) => key.kid)).toEqual([secondKid, firstKid]);
    expect(publicKeys(third).keys.map((key) => key.kid)).toEqual([
      third.Data?.SigningKeyId,
      secondKid,
    ]);
    expect(new Set([firstKid, secondKid, third.Data?.SigningKeyId]).size).toBe(3);
  });

  it('refuses to overwrite a secret that holds no key set on an update', async () => {
    const { store, state } = memoryStore('something an operator wrote');

    await expect(signingKeyResource(store)(request('Update'))).rejects.toThrow(/no signing key/);
    expect(state.writes).toBe(0);
  });

  it('leaves the secret alone when the resource is deleted', async () => {
    const { store, state } = memoryStore(PLACEHOLDER);

    const result = await signingKeyResource(store)(request('Delete'));

    expect(result).toEqual({ PhysicalResourceId: SECRET_ARN });
    expect(state).toEqual({ value: PLACEHOLDER, writes: 0 });
  });
});
