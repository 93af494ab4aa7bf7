import { RuntimeConfigSchema, type RuntimeConfig } from '@hatchworks/shared/schemas/runtime-config';

/** Why the app could not start: shown on the start-up error screen. */
export class RuntimeConfigError extends Error {
  override readonly name = 'RuntimeConfigError';
  readonly problems: readonly string[];

  constructor(message: string, problems: readonly string[] = [], cause?: unknown) {
    super(message, { cause });
    this.problems = problems;
  }
}

export const RUNTIME_CONFIG_URL = '/config.json';

let current: RuntimeConfig | undefined;

/**
 * Checks a `/config.json` body. Kept apart from the fetch so the rules are testable and the
 * problems can be listed one by one on the error screen.
 */
export function parseRuntimeConfig(body: unknown): RuntimeConfig {
  const parsed = RuntimeConfigSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map(
    (issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(root)'}: ${issue.message}`,
  );
  throw new RuntimeConfigError(`${RUNTIME_CONFIG_URL} is not valid.`, problems, parsed.error);
}

/**
 * Fetches and checks the runtime settings once at start-up. One build runs in every environment
 * because these settings are read at run time rather than baked in by Vite.
 */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetch(RUNTIME_CONFIG_URL, { cache: 'no-store' });
  } catch (error) {
    throw new RuntimeConfigError(`${RUNTIME_CONFIG_URL} could not be fetched.`, [], error);
  }
  if (!response.ok) {
    throw new RuntimeConfigError(
      `${RUNTIME_CONFIG_URL} answered HTTP ${response.status} ${response.statusText}.`.trim(),
    );
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    throw new RuntimeConfigError(`${RUNTIME_CONFIG_URL} is not JSON.`, [], error);
  }
  current = parseRuntimeConfig(body);
  return current;
}

/** The settings loaded at start-up; the app renders only after they are in place. */
export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new RuntimeConfigError('The runtime config was read before it was loaded.');
  return current;
}
