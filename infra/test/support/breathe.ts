import { setImmediate } from 'node:timers/promises';
import { beforeEach } from 'vitest';

/**
 * Synthesizing the app blocks the worker for seconds, and vitest's worker drops its run when a
 * reply from the runner sits unread for 60 s (a fixed birpc timeout): the worker turns the event
 * loop once before every test, so a file of synchronous syntheses never holds it that long.
 */
beforeEach(async () => {
  await setImmediate();
});
