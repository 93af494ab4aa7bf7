/*
 * The structured JSON logger shared by every function: one JSON line per entry with `level`,
 * `message`, `timestamp`, `service`, the X-Ray trace id on AWS, and the entry's own fields
 * (errors as name, message and stack). It replaces the Powertools logger, which added ~21 KB to
 * every bundle for the four methods used here.
 */

const LEVELS = { DEBUG: 10, INFO: 20, WARN: 30, ERROR: 40 } as const;
type Level = keyof typeof LEVELS;

const SERVICE = 'hatchworks-api';

function threshold(): number {
  const named = process.env.LOG_LEVEL?.toUpperCase();
  return named && named in LEVELS ? LEVELS[named as Level] : LEVELS.INFO;
}

/** Errors as plain fields (JSON.stringify turns an Error into `{}`). */
function plain(value: unknown): unknown {
  if (value instanceof Error) {
    return {
      name: value.name,
      message: value.message,
      stack: value.stack,
      ...(value.cause === undefined ? {} : { cause: plain(value.cause) }),
    };
  }
  return value;
}

function write(level: Level, message: string, fields?: Record<string, unknown>): void {
  if (LEVELS[level] < threshold()) return;
  const entry: Record<string, unknown> = {
    level,
    message,
    timestamp: new Date().toISOString(),
    service: SERVICE,
  };
  const trace = process.env._X_AMZN_TRACE_ID?.match(/Root=([^;]+)/)?.[1];
  if (trace) entry.xray_trace_id = trace;
  for (const [key, value] of Object.entries(fields ?? {})) entry[key] = plain(value);
  const line = JSON.stringify(entry);
  if (level === 'ERROR') console.error(line);
  else if (level === 'WARN') console.warn(line);
  else process.stdout.write(`${line}\n`);
}

export const logger = {
  debug: (message: string, fields?: Record<string, unknown>) => write('DEBUG', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write('INFO', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('WARN', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('ERROR', message, fields),
};
