import { WEB_ROOT } from '../../infra/local/src/paths';
import type { TestStack } from './context';
import { startLocalStack } from '../../infra/local/src/stack';
import { TEST_SCRYPT_N } from './password-cost';
import { loadOrCreateLocalKeys } from '../../infra/local/src/keys';

/**
 * The test stack in a process of its own (forked by global-setup.ts): the handlers' work then
 * never blocks vitest's main process, whose messages with the test workers time out when it is
 * busy. It reports where it listens over IPC and stops when asked or when vitest goes away.
 */
// Fresh keys, known to the tests too: their own data layer writes accounts with the same person
// hashes and signs them in as the login route does.
const keys = loadOrCreateLocalKeys();

const stack = await startLocalStack({
  port: 0,
  webRoot: WEB_ROOT,
  tableName: 'hatchworks-test',
  config: { apiBaseUrl: '/api', auth: null, donation: null },
  keys,
  // Hundreds of sign-ups: hash their passwords at scrypt N=2^14 instead of 2^17 (the default of
  // `npm start` and every deployment; see functions/src/modules/accounts/passwords.ts).
  // Notification mails wait 2 s for more events instead of minutes (the batching tests).
  // Webhooks may call the tests' receivers on this machine, and retry within a second.
  functionEnv: {
    PASSWORD_SCRYPT_N: String(TEST_SCRYPT_N),
    NOTIFICATION_MAIL_DELAY_SECONDS: '2',
    WEBHOOK_ALLOW_LOOPBACK: 'true',
    WEBHOOK_RETRY_DELAYS_SECONDS: '0.3,0.9',
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
  identityHashKey: keys.identityHashKey,
  tokenSigningKey: JSON.stringify(keys.tokenSigningKey),
} satisfies TestStack);
