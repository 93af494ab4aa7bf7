/*
 * The structured JSON logger shared by every function: one JSON line per entry with `level`,
 * `message`, `timestamp`, `service`, the fields of the request being handled (`withLogFields`:
 * API Gateway's `request_id`, Lambda's `lambda_request_id`), the X-Ray trace id on AWS, and the
 * entry's own fields (errors as name, message and stack). It replaces the Powertools logger, which
 * added ~21 KB to every bundle for the four methods used here.
 */

import { AsyncLocalStorage } from 'node:async_hooks';

const LEVELS = { DEBUG: 10, INFO: 20, WARN: 30, ERROR: 40 } as const;
type Level = keyof typeof LEVELS;

const SERVICE = 'hatchworks-api';

/**
 * The fields of the request in progress. Async-local rather than a module variable: Lambda runs
 * one invocation at a time, but the local gateway runs every handler in one process, concurrently.
 */
const requestFields = new AsyncLocalStorage<Record<string, unknown>>();

/** Runs `run` with `fields` on every line it logs; nothing outlives it into the next request. */
export const withLogFields = <T>(fields: Record<string, unknown>, run: () => T): T =>
  requestFields.run(fields, run);

/** The lowest level written; `SILENT` (the tests' setting) writes nothing, unknown means INFO. */
function threshold(): number {
  const named = process.env.LOG_LEVEL?.toUpperCase();
  if (named === 'SILENT') return Infinity;
  return named && named in LEVELS ? LEVELS[named as Level] : LEVELS.INFO;
}

/** Errors as plain fields (JSON.stringify turns an Error into `{}`, and leaves out an undefined `cause`). */
function plain(value: unknown): unknown {
  return value instanceof Error
    ? { name: value.name, message: value.message, stack: value.stack, cause: plain(value.cause) }
    : value;
}

function write(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  if (LEVELS[level] < threshold()) return;
  const entry: Record<string, unknown> = {
    level,
    message,
    timestamp: new Date().toISOString(),
    service: SERVICE,
    ...requestFields.getStore(),
    // Undefined off AWS, and JSON.stringify leaves it out.
    xray_trace_id: process.env._X_AMZN_TRACE_ID?.match(/Root=([^;]+)/)?.[1],
  };
  for (const [key, value] of Object.entries(fields)) entry[key] = plain(value);
  // Raw writes, not console.error/warn: on Lambda those prefix the line with a timestamp, request
  // id and level, and a prefixed line is no JSON to Logs Insights or a `{ $.field = … }` pattern.
  (LEVELS[level] > LEVELS.INFO ? process.stderr : process.stdout).write(
    `${JSON.stringify(entry)}\n`,
  );
}

const at = (level: Level) => (message: string, fields?: Record<string, unknown>) =>
  write(level, message, fields);

export const logger = {
  debug: at('DEBUG'),
  info: at('INFO'),
  warn: at('WARN'),
  error: at('ERROR'),
};
