import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

/*
 * The contract uses zod's small functional build (`zod/mini`: ~16 KB in a bundle instead of the
 * classic build's ~450 KB). Unlike the classic build it loads no locale, so the English messages
 * of rules that name no message of their own are set here, once. Build and parse schemas with
 * `import * as z from '@hatchworks/shared/zod'` (not 'zod/mini'), so the messages are in place
 * before the first parse; this file is listed in `sideEffects` so bundlers keep the call.
 * (Only 'zod/v4/locales/en.js': 'zod/locales' or `z.locales` would bundle every language.)
 */
config(en());

export * from 'zod/mini';
