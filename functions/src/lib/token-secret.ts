import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { env } from './env';

let secret: Promise<Uint8Array> | undefined;

/**
 * The key that signs the product's own tokens: from `AUTH_TOKEN_SECRET` locally, from the Secrets
 * Manager secret `AUTH_TOKEN_SECRET_ARN` on AWS, read once per cold start.
 */
export function tokenSecret(): Promise<Uint8Array> {
  secret ??= (async () => {
    const config = env();
    if (config.AUTH_TOKEN_SECRET) return new TextEncoder().encode(config.AUTH_TOKEN_SECRET);
    if (!config.AUTH_TOKEN_SECRET_ARN) {
      throw new Error(
        'Invalid function configuration: AUTH_TOKEN_SECRET or AUTH_TOKEN_SECRET_ARN is required',
      );
    }
    const client = new SecretsManagerClient({ region: config.AWS_REGION });
    const answer = await client.send(
      new GetSecretValueCommand({ SecretId: config.AUTH_TOKEN_SECRET_ARN }),
    );
    if (!answer.SecretString || answer.SecretString.length < 32) {
      throw new Error('The token secret is missing or shorter than 32 characters');
    }
    return new TextEncoder().encode(answer.SecretString);
  })();
  secret.catch(() => {
    secret = undefined;
  });
  return secret;
}
