import {
  GetSecretValueCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { keysForGeneration, parseStoredSigningKeys, publicKeySet } from '../lib/token-keys';

/** Where the signing keys are kept: the one Secrets Manager secret the resource names. */
export interface KeyStore {
  read(secretArn: string): Promise<string | undefined>;
  write(secretArn: string, value: string): Promise<void>;
}

export interface SigningKeyResult {
  readonly PhysicalResourceId: string;
  readonly Data?: { readonly PublicKeys: string; readonly SigningKeyId: string };
}

interface Properties {
  readonly SecretArn: string;
  readonly Generation: string;
}

/**
 * The custom resource behind `TokenSigningKey` (infra/aws/constructs/token-signing-key.ts): it
 * makes the ES256 key pair of the product's own tokens inside the account, so no private key
 * ever passes through a template, a shell or the repository. On create it replaces the secret's
 * generated placeholder with a key set; on update it keeps the keys unless the generation
 * changed (rotation); it answers the public JWK Set for the functions' `TOKEN_VERIFY_KEYS`.
 * Deleting the resource leaves the secret alone (it is retained with the stack's data).
 */
export function signingKeyResource(store: KeyStore) {
  return async (event: CloudFormationCustomResourceEvent): Promise<SigningKeyResult> => {
    if (event.RequestType === 'Delete') return { PhysicalResourceId: event.PhysicalResourceId };
    const { SecretArn, Generation } = event.ResourceProperties as unknown as Properties;
    const text = await store.read(SecretArn);
    const stored = parseStoredSigningKeys(text);
    // Only the first write replaces something that is not a key set (CloudFormation's
    // placeholder); later, a broken value is an operator's to look at, not to overwrite.
    if (!stored && event.RequestType === 'Update') {
      throw new Error(`The secret ${SecretArn} holds no signing key set; refusing to replace it`);
    }
    const keys = keysForGeneration(stored, String(Generation));
    if (keys !== stored) await store.write(SecretArn, JSON.stringify(keys));
    const [signing] = keys.keys;
    return {
      PhysicalResourceId: SecretArn,
      Data: {
        PublicKeys: JSON.stringify(publicKeySet(keys.keys)),
        SigningKeyId: signing?.kid ?? '',
      },
    };
  };
}

const client = new SecretsManagerClient({});

export const handler = signingKeyResource({
  read: async (secretArn) =>
    (await client.send(new GetSecretValueCommand({ SecretId: secretArn }))).SecretString,
  write: async (secretArn, value) => {
    await client.send(new PutSecretValueCommand({ SecretId: secretArn, SecretString: value }));
  },
});
