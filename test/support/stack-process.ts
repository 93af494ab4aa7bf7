import { randomBytes } from 'node:crypto';
import { WEB_ROOT } from '../../infra/local/src/paths';
import type { TestStack } from './context';
import { startLocalStack } from '../../infra/local/src/stack';
import { TEST_SCRYPT_N } from './password-cost';
import { generateSigningKey, publicKeySet } from '@hatchworks/functions/lib/token-keys';

/**
 * The test stack in a process of its own (forked by global-setup.ts): the handlers' work then
 * never blocks vitest's main process, whose messages with the test workers time out when it is
 * busy. It reports where it listens over IPC and stops when asked or when vitest goes away.
 */
// Known to the tests too: their own data layer writes accounts with the same person hashes.
const identityHashKey = randomBytes(32).toString('base64url');
// Known to the tests too: their fixtures sign in the accounts they write, as the login route does.
const tokenSigningKey = JSON.stringify(generateSigningKey());

const stack = await startLocalStack({
  port: 0,
  webRoot: WEB_ROOT,
  tableName: 'hatchworks-test',
  config: { apiBaseUrl: '/api', auth: null, donation: null },
  // Hundreds of sign-ups: hash their passwords at scrypt N=2^14 instead of 2^17 (the default of
  // `npm start` and every deployment; see functions/src/modules/accounts/passwords.ts).
  // Notification mails wait 2 s for more events instead of minutes (the batching tests).
  functionEnv: {
    PASSWORD_SCRYPT_N: String(TEST_SCRYPT_N),
    NOTIFICATION_MAIL_DELAY_SECONDS: '2',
    IDENTITY_HASH_KEY: identityHashKey,
    TOKEN_SIGNING_KEY: tokenSigningKey,
    TOKEN_VERIFY_KEYS: JSON.stringify(publicKeySet([JSON.parse(tokenSigningKey)])),
  },
});

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await stack.stop();
  process.exit(0);
}

process.on('message', (message) => {
  if (message === 'stop') void stop();
});
process.on('disconnect', () => void stop());
process.on('SIGTERM', () => void stop());

process.send?.({
  baseUrl: stack.url,
  dynamoEndpoint: stack.dynamoEndpoint,
  tableName: stack.tableName,
  smtpHost: stack.smtp.host,
  smtpPort: stack.smtp.port,
  identityHashKey,
  tokenSigningKey,
} satisfies TestStack);
