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

/** How Cognito's threat protection treats risky sign-ins ('off' also drops to the Essentials plan). */
export const THREAT_PROTECTION_MODES = ['enforced', 'audit', 'off'] as const;
export type ThreatProtection = (typeof THREAT_PROTECTION_MODES)[number];

/** The hosted login the stack provisions: a Cognito user pool with its hosted UI. */
export interface CognitoIdentitySettings {
  readonly kind: 'cognito';
  /** Prefix of the `<prefix>.auth.<region>.amazoncognito.com` domain; derived when absent. */
  readonly domainPrefix?: string;
  /** An own domain for the hosted UI instead of the prefix domain. */
  readonly customDomain?: CustomDomain;
  readonly threatProtection: ThreatProtection;
}

/** An OpenID provider run elsewhere (e.g. Auth0): the stack creates no user pool. */
export interface ExternalIdentitySettings {
  readonly kind: 'external';
  readonly issuer: string;
  readonly clientId: string;
  readonly audience?: string;
}

export type IdentitySettings = CognitoIdentitySettings | ExternalIdentitySettings;

/** The product's own tokens and the login limits; unset values keep the functions' defaults. */
export interface TokenSettings {
  readonly ttlSeconds?: number;
  readonly loginMaxFailuresPerAccount?: number;
  readonly loginMaxFailuresPerClient?: number;
  readonly loginFailureWindowSeconds?: number;
}

/**
 * Generations of the generated keys: the same value keeps a key on every deployment, a new one
 * replaces it (the token signing key keeps its predecessor for verification).
 */
export interface KeyGenerations {
  readonly tokenKey: string;
  readonly originSecret: string;
}

/** Who the site's mails come from, and the SES identity that sends them. */
export interface MailSettings {
  /** `MAIL_FROM`: `address` or `Name <address>`. */
  readonly from: string;
  /**
   * The verified SES identity the functions may send as: a domain, an email address, or an
   * identity ARN (e.g. another account's, shared by a sending authorization policy).
   */
  readonly identity: string;
}

/**
 * The environments one command deploys: `dev` is cheap and disposable (everything is deleted with
 * the stack, no WAF, no alarms), `prod` is protected and watched (infra/aws/README.md, "Stages").
 */
export const STAGES = ['dev', 'prod'] as const;
export type Stage = (typeof STAGES)[number];

/** Where prod's alarms go: an SNS topic per region, with this address subscribed. */
export interface AlarmSettings {
  readonly email?: string;
}

/** A table made outside the stack (a point-in-time restore), with its stream. */
export interface ExistingTable {
  readonly tableName: string;
  /** The table's stream (keys only), which feeds the mail, notification and search functions. */
  readonly tableStreamArn: string;
}

/** Everything an operator can set with `-c key=value` or in `cdk.json` (see infra/aws/README.md). */
export interface SiteSettings {
  readonly stage: Stage;
  /** The CloudFormation stack's name: the `stackName` context plus the stage (`Hatchworks-Prod`). */
  readonly stackName: string;
  /**
   * The site stack's region when the operator names one (`region`, else the CLI's default).
   * Prod needs one (its WAF and CloudFront alarms live in us-east-1 and reference it).
   */
  readonly region?: string;
  readonly alarms: AlarmSettings;
  /**
   * An existing table the stack uses instead of making its own: the switch to a table restored
   * to a point in time (docs/operations.md, "Restore the table").
   */
  readonly existingTable?: ExistingTable;
  /**
   * Written to `/config.json` beside the bundle. Its `auth` is the external issuer's, or null
   * with Cognito: the stack fills it in once the user pool exists.
   */
  readonly runtimeConfig: RuntimeConfig;
  readonly customDomain?: CustomDomain;
  readonly identity: IdentitySettings;
  readonly tokens: TokenSettings;
  readonly keyGenerations: KeyGenerations;
  readonly logLevel: LogLevel;
  /** Makes every DynamoDB call log its consumed capacity (bench/debug). */
  readonly logConsumedCapacity: boolean;
  /**
   * The mail sender: prod refuses to synthesize without one; dev without one deploys functions
   * whose mails fail (synth warns).
   */
  readonly mail?: MailSettings;
}

/** The context keys of the app, in one place so README, code and tests agree. */
export const CONTEXT_KEYS = {
  stage: 'stage',
  region: 'region',
  alarmEmail: 'alarmEmail',
  tableName: 'tableName',
  tableStreamArn: 'tableStreamArn',
  stackName: 'stackName',
  domainName: 'domainName',
  certificateArn: 'certificateArn',
  donationScriptUrl: 'donationScriptUrl',
  donationAccount: 'donationAccount',
  donationLabel: 'donationLabel',
  logLevel: 'logLevel',
  logConsumedCapacity: 'logConsumedCapacity',
  authIssuer: 'authIssuer',
  authClientId: 'authClientId',
  authAudience: 'authAudience',
  authDomainPrefix: 'authDomainPrefix',
  authDomainName: 'authDomainName',
  authCertificateArn: 'authCertificateArn',
  authThreatProtection: 'authThreatProtection',
  authTokenTtlSeconds: 'authTokenTtlSeconds',
  loginMaxFailuresPerAccount: 'loginMaxFailuresPerAccount',
  loginMaxFailuresPerClient: 'loginMaxFailuresPerClient',
  loginFailureWindowSeconds: 'loginFailureWindowSeconds',
  tokenKeyGeneration: 'tokenKeyGeneration',
  originSecretGeneration: 'originSecretGeneration',
  mailFrom: 'mailFrom',
  mailIdentity: 'mailIdentity',
} as const;

/** Thrown for a context value an operator must fix; the message names the key. */
export class SiteContextError extends Error {
  override readonly name = 'SiteContextError';
}

const text = (node: Node, key: string): string | undefined => {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' && typeof value !== 'boolean' && typeof value !== 'number') {
    throw new SiteContextError(`Context "${key}" must be a string.`);
  }
  return String(value);
};

function runtimeConfig(node: Node, identity: IdentitySettings): RuntimeConfig {
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
  // Cognito's settings exist only once the user pool does: the stack fills them in.
  const auth =
    identity.kind === 'external'
      ? {
          authority: identity.issuer,
          clientId: identity.clientId,
          ...(identity.audience ? { audience: identity.audience } : {}),
        }
      : null;
  const parsed = RuntimeConfigSchema.safeParse({ apiBaseUrl: '/api', auth, donation });
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new SiteContextError(`Invalid donation or auth context (${problems.join('; ')}).`);
  }
  return parsed.data;
}

function customDomain(
  node: Node,
  keys: { domainName: string; certificateArn: string } = CONTEXT_KEYS,
  user = 'CloudFront',
): CustomDomain | undefined {
  const domainName = text(node, keys.domainName);
  const certificateArn = text(node, keys.certificateArn);
  if (!domainName && !certificateArn) return undefined;
  if (!domainName || !certificateArn) {
    throw new SiteContextError(
      `Set both "${keys.domainName}" and "${keys.certificateArn}", or neither.`,
    );
  }
  if (!/^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/.+$/.test(certificateArn)) {
    throw new SiteContextError(
      `"${keys.certificateArn}" must be an ACM certificate ARN in us-east-1 (${user} only uses those).`,
    );
  }
  return { domainName, certificateArn };
}

/** Cognito's rules for a prefix domain: lower-case letters, digits and inner hyphens. */
const DOMAIN_PREFIX = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** Words Cognito refuses in a prefix domain. */
const RESERVED_PREFIX_WORDS = /aws|amazon|cognito/;

/** Checks a Cognito prefix (from the context, or the stack-name part of a derived one). */
export function checkDomainPrefix(prefix: string, key: string): string {
  if (!DOMAIN_PREFIX.test(prefix) || RESERVED_PREFIX_WORDS.test(prefix)) {
    throw new SiteContextError(
      `"${key}" must be lower-case letters, digits and hyphens (at most 63, not starting or ` +
        `ending with a hyphen) without "aws", "amazon" or "cognito"; got "${prefix}".`,
    );
  }
  return prefix;
}

function identity(node: Node, stage: Stage): IdentitySettings {
  const issuer = text(node, CONTEXT_KEYS.authIssuer);
  const clientId = text(node, CONTEXT_KEYS.authClientId);
  const audience = text(node, CONTEXT_KEYS.authAudience);
  const cognitoKeys = [
    CONTEXT_KEYS.authDomainPrefix,
    CONTEXT_KEYS.authDomainName,
    CONTEXT_KEYS.authCertificateArn,
    CONTEXT_KEYS.authThreatProtection,
  ];
  if (issuer || clientId) {
    if (!issuer || !clientId) {
      throw new SiteContextError(
        `Set both "${CONTEXT_KEYS.authIssuer}" and "${CONTEXT_KEYS.authClientId}" for an ` +
          'external identity provider, or neither for Cognito.',
      );
    }
    if (!/^https:\/\/[^/?#]+/.test(issuer) || issuer.includes('?') || issuer.includes('#')) {
      throw new SiteContextError(
        `"${CONTEXT_KEYS.authIssuer}" must be the issuer's https URL, exactly as in its tokens' "iss".`,
      );
    }
    const cognitoOnly = cognitoKeys.filter((key) => text(node, key) !== undefined);
    if (cognitoOnly.length > 0) {
      throw new SiteContextError(
        `${cognitoOnly.map((key) => `"${key}"`).join(', ')} configure the Cognito user pool, ` +
          `which is not created with "${CONTEXT_KEYS.authIssuer}".`,
      );
    }
    return { kind: 'external', issuer, clientId, ...(audience ? { audience } : {}) };
  }
  if (audience) {
    throw new SiteContextError(
      `"${CONTEXT_KEYS.authAudience}" needs "${CONTEXT_KEYS.authIssuer}": Cognito's access ` +
        'tokens have no audience (the functions check their client_id instead).',
    );
  }
  const prefix = text(node, CONTEXT_KEYS.authDomainPrefix);
  const domain = customDomain(
    node,
    { domainName: CONTEXT_KEYS.authDomainName, certificateArn: CONTEXT_KEYS.authCertificateArn },
    "Cognito's hosted UI",
  );
  if (prefix && domain) {
    throw new SiteContextError(
      `Set "${CONTEXT_KEYS.authDomainPrefix}" or "${CONTEXT_KEYS.authDomainName}", not both.`,
    );
  }
  // Threat protection needs Cognito's Plus plan, billed per user with no free tier: dev does without.
  const mode = (
    text(node, CONTEXT_KEYS.authThreatProtection) ?? (stage === 'prod' ? 'enforced' : 'off')
  ).toLowerCase();
  const threatProtection = THREAT_PROTECTION_MODES.find((candidate) => candidate === mode);
  if (!threatProtection) {
    throw new SiteContextError(
      `"${CONTEXT_KEYS.authThreatProtection}" must be one of ${THREAT_PROTECTION_MODES.join(', ')}.`,
    );
  }
  return {
    kind: 'cognito',
    ...(prefix ? { domainPrefix: checkDomainPrefix(prefix, CONTEXT_KEYS.authDomainPrefix) } : {}),
    ...(domain ? { customDomain: domain } : {}),
    threatProtection,
  };
}

function positiveInteger(node: Node, key: string): number | undefined {
  const value = text(node, key);
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) {
    throw new SiteContextError(`"${key}" must be a positive whole number; got "${value}".`);
  }
  return Number(value);
}

function tokens(node: Node): TokenSettings {
  const entries = {
    ttlSeconds: positiveInteger(node, CONTEXT_KEYS.authTokenTtlSeconds),
    loginMaxFailuresPerAccount: positiveInteger(node, CONTEXT_KEYS.loginMaxFailuresPerAccount),
    loginMaxFailuresPerClient: positiveInteger(node, CONTEXT_KEYS.loginMaxFailuresPerClient),
    loginFailureWindowSeconds: positiveInteger(node, CONTEXT_KEYS.loginFailureWindowSeconds),
  };
  return Object.fromEntries(
    Object.entries(entries).filter(([, value]) => value !== undefined),
  ) as TokenSettings;
}

/** A key generation: short letters, digits and hyphens (it becomes part of resource ids). */
function generation(node: Node, key: string): string {
  const value = text(node, key) ?? '1';
  if (!/^[A-Za-z0-9-]{1,32}$/.test(value)) {
    throw new SiteContextError(
      `"${key}" must be 1 to 32 letters, digits or hyphens (e.g. 2 or 2025-06); got "${value}".`,
    );
  }
  return value;
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

const EMAIL_ADDRESS =
  /^[^\s<>@",;]+@((?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,})$/;
const DOMAIN_NAME = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;
const SES_IDENTITY_ARN = /^arn:aws[a-z-]*:ses:[a-z0-9-]+:\d{12}:identity\/.+$/;

function mail(node: Node, stageName: Stage): MailSettings | undefined {
  const from = text(node, CONTEXT_KEYS.mailFrom);
  const identity = text(node, CONTEXT_KEYS.mailIdentity);
  if (!from) {
    if (identity) {
      throw new SiteContextError(
        `"${CONTEXT_KEYS.mailIdentity}" needs "${CONTEXT_KEYS.mailFrom}", the sender's address.`,
      );
    }
    // Sign-up and password reset work only by mail: a prod site without a sender locks people out.
    if (stageName === 'prod') {
      throw new SiteContextError(
        `"${CONTEXT_KEYS.stage}=prod" needs "${CONTEXT_KEYS.mailFrom}", the sender of the ` +
          'verification and password-reset mails: set -c mailFrom="Hatchworks <no-reply@example.com>" ' +
          `with an identity verified in SES in the site's region (infra/aws/README.md, "Mail").`,
      );
    }
    return undefined;
  }
  // `Name <address>` or the bare address; the name may not hide another address or a header.
  const address = /^[^<>\r\n@]*<([^<>]+)>$/.exec(from)?.[1] ?? from;
  const domain = EMAIL_ADDRESS.exec(address)?.[1];
  if (!domain) {
    throw new SiteContextError(
      `"${CONTEXT_KEYS.mailFrom}" must be an email address or "Name <address>"; got "${from}".`,
    );
  }
  if (
    identity &&
    !SES_IDENTITY_ARN.test(identity) &&
    !EMAIL_ADDRESS.test(identity) &&
    !DOMAIN_NAME.test(identity)
  ) {
    throw new SiteContextError(
      `"${CONTEXT_KEYS.mailIdentity}" must be a domain, an email address or an SES identity ARN ` +
        `(arn:aws:ses:<region>:<account>:identity/<name>); got "${identity}".`,
    );
  }
  return { from, identity: identity ?? domain.toLowerCase() };
}

function stage(node: Node): Stage {
  const value = (text(node, CONTEXT_KEYS.stage) ?? 'dev').toLowerCase();
  const named = STAGES.find((candidate) => candidate === value);
  if (!named) {
    throw new SiteContextError(`"${CONTEXT_KEYS.stage}" must be one of ${STAGES.join(', ')}.`);
  }
  return named;
}

/** A region name as AWS spells them (`eu-west-1`, `us-gov-west-1`, `ap-southeast-4`). */
const REGION = /^[a-z]{2}(?:-[a-z]+)+-\d$/;

function region(node: Node): string | undefined {
  const value = text(node, CONTEXT_KEYS.region) ?? process.env.CDK_DEFAULT_REGION;
  if (value === undefined) return undefined;
  if (!REGION.test(value)) {
    throw new SiteContextError(
      `"${CONTEXT_KEYS.region}" must be an AWS region such as eu-west-1; got "${value}".`,
    );
  }
  return value;
}

function alarms(node: Node, stageName: Stage): AlarmSettings {
  const email = text(node, CONTEXT_KEYS.alarmEmail);
  if (email === undefined) return {};
  if (stageName !== 'prod') {
    throw new SiteContextError(
      `"${CONTEXT_KEYS.alarmEmail}" needs "${CONTEXT_KEYS.stage}=prod": dev has no alarms.`,
    );
  }
  if (!EMAIL_ADDRESS.test(email)) {
    throw new SiteContextError(
      `"${CONTEXT_KEYS.alarmEmail}" must be an email address; got "${email}".`,
    );
  }
  return { email };
}

const STREAM_ARN =
  /^arn:aws[a-z-]*:dynamodb:[a-z0-9-]+:\d{12}:table\/([A-Za-z0-9_.-]{3,255})\/stream\/.+$/;

function existingTable(node: Node): ExistingTable | undefined {
  const tableName = text(node, CONTEXT_KEYS.tableName);
  const tableStreamArn = text(node, CONTEXT_KEYS.tableStreamArn);
  if (!tableName && !tableStreamArn) return undefined;
  if (!tableName || !tableStreamArn) {
    throw new SiteContextError(
      `Set both "${CONTEXT_KEYS.tableName}" and "${CONTEXT_KEYS.tableStreamArn}", or neither.`,
    );
  }
  const streamTable = STREAM_ARN.exec(tableStreamArn)?.[1];
  if (streamTable !== tableName) {
    throw new SiteContextError(
      `"${CONTEXT_KEYS.tableStreamArn}" must be the stream ARN of table "${tableName}" ` +
        '(aws dynamodb describe-table --query Table.LatestStreamArn).',
    );
  }
  return { tableName, tableStreamArn };
}

const STAGE_SUFFIX: Record<Stage, string> = { dev: 'Dev', prod: 'Prod' };

/** Reads and checks the operator's context once; a wrong value fails synth naming its key. */
export function readSiteSettings(node: Node): SiteSettings {
  const stageName = stage(node);
  const domain = customDomain(node);
  const identitySettings = identity(node, stageName);
  const mailSettings = mail(node, stageName);
  const regionName = region(node);
  const table = existingTable(node);
  return {
    stage: stageName,
    stackName: `${text(node, CONTEXT_KEYS.stackName) ?? 'Hatchworks'}-${STAGE_SUFFIX[stageName]}`,
    ...(regionName ? { region: regionName } : {}),
    alarms: alarms(node, stageName),
    ...(table ? { existingTable: table } : {}),
    runtimeConfig: runtimeConfig(node, identitySettings),
    ...(domain ? { customDomain: domain } : {}),
    identity: identitySettings,
    tokens: tokens(node),
    keyGenerations: {
      tokenKey: generation(node, CONTEXT_KEYS.tokenKeyGeneration),
      originSecret: generation(node, CONTEXT_KEYS.originSecretGeneration),
    },
    logLevel: logLevel(node),
    logConsumedCapacity: text(node, CONTEXT_KEYS.logConsumedCapacity) === 'true',
    ...(mailSettings ? { mail: mailSettings } : {}),
  };
}
