import type { Node } from 'constructs';
import { RuntimeConfigSchema, type RuntimeConfig } from '@hatchworks/shared/schemas/runtime-config';

/** The log levels the functions' logger understands (`functions/src/lib/logger.ts`). */
export const LOG_LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** An alternate domain served by CloudFront, with its ACM certificate (in us-east-1). */
export interface CustomDomain {
  readonly domainName: string;
  readonly certificateArn: string;
}

/** Everything an operator can set with `-c key=value` or in `cdk.json` (see infra/aws/README.md). */
export interface SiteSettings {
  readonly stackName: string;
  /** Written to `/config.json` beside the bundle. */
  readonly runtimeConfig: RuntimeConfig;
  readonly customDomain?: CustomDomain;
  readonly logLevel: LogLevel;
  /** Makes every DynamoDB call log its consumed capacity (bench/debug). */
  readonly logConsumedCapacity: boolean;
}

/** The context keys of the app, in one place so README, code and tests agree. */
export const CONTEXT_KEYS = {
  stackName: 'stackName',
  domainName: 'domainName',
  certificateArn: 'certificateArn',
  donationScriptUrl: 'donationScriptUrl',
  donationAccount: 'donationAccount',
  donationLabel: 'donationLabel',
  logLevel: 'logLevel',
  logConsumedCapacity: 'logConsumedCapacity',
} as const;

/** Thrown for a context value an operator must fix; the message names the key. */
export class SiteContextError extends Error {
  override readonly name = 'SiteContextError';
}

const text = (node: Node, key: string): string | undefined => {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' && typeof value !== 'boolean') {
    throw new SiteContextError(`Context "${key}" must be a string.`);
  }
  return String(value);
};

function runtimeConfig(node: Node): RuntimeConfig {
  const scriptUrl = text(node, CONTEXT_KEYS.donationScriptUrl);
  const account = text(node, CONTEXT_KEYS.donationAccount);
  if (Boolean(scriptUrl) !== Boolean(account)) {
    throw new SiteContextError(
      `Set both "${CONTEXT_KEYS.donationScriptUrl}" and "${CONTEXT_KEYS.donationAccount}", or neither.`,
    );
  }
  const donation = scriptUrl
    ? { scriptUrl, account, label: text(node, CONTEXT_KEYS.donationLabel) ?? 'Support us' }
    : null;
  // Auth stays null until the identity issue adds Cognito / an external issuer.
  const parsed = RuntimeConfigSchema.safeParse({ apiBaseUrl: '/api', auth: null, donation });
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new SiteContextError(`Invalid donation context (${problems.join('; ')}).`);
  }
  return parsed.data;
}

function customDomain(node: Node): CustomDomain | undefined {
  const domainName = text(node, CONTEXT_KEYS.domainName);
  const certificateArn = text(node, CONTEXT_KEYS.certificateArn);
  if (!domainName && !certificateArn) return undefined;
  if (!domainName || !certificateArn) {
    throw new SiteContextError(
      `Set both "${CONTEXT_KEYS.domainName}" and "${CONTEXT_KEYS.certificateArn}", or neither.`,
    );
  }
  if (!/^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/.+$/.test(certificateArn)) {
    throw new SiteContextError(
      `"${CONTEXT_KEYS.certificateArn}" must be an ACM certificate ARN in us-east-1 (CloudFront only uses those).`,
    );
  }
  return { domainName, certificateArn };
}

function logLevel(node: Node): LogLevel {
  const value = (text(node, CONTEXT_KEYS.logLevel) ?? 'INFO').toUpperCase();
  const level = LOG_LEVELS.find((candidate) => candidate === value);
  if (!level) {
    throw new SiteContextError(
      `"${CONTEXT_KEYS.logLevel}" must be one of ${LOG_LEVELS.join(', ')}.`,
    );
  }
  return level;
}

/** Reads and checks the operator's context once; a wrong value fails synth naming its key. */
export function readSiteSettings(node: Node): SiteSettings {
  const domain = customDomain(node);
  return {
    stackName: text(node, CONTEXT_KEYS.stackName) ?? 'Hatchworks',
    runtimeConfig: runtimeConfig(node),
    ...(domain ? { customDomain: domain } : {}),
    logLevel: logLevel(node),
    logConsumedCapacity: text(node, CONTEXT_KEYS.logConsumedCapacity) === 'true',
  };
}
