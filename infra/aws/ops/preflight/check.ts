import type { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { LambdaClient } from '@aws-sdk/client-lambda';
import type { SESv2Client } from '@aws-sdk/client-sesv2';
import type { SSMClient } from '@aws-sdk/client-ssm';
import type { Stage } from 'aws-cdk-lib';
import type { SiteSettings } from '../../config/site-context';

export type CheckStatus = 'ok' | 'warn' | 'fail';

/** One line of the preflight: what was checked, what was found, and the fix when not ok. */
export interface CheckResult {
  readonly status: CheckStatus;
  readonly check: string;
  readonly found: string;
  /** The command, console step or page that fixes it. */
  readonly fix?: string;
}

/** The read-only clients of one region, made with the operator's credentials. */
export interface RegionClients {
  readonly cloudFormation: CloudFormationClient;
  readonly cognito: CognitoIdentityProviderClient;
  readonly lambda: LambdaClient;
  readonly ses: SESv2Client;
  readonly ssm: SSMClient;
}

export type ClientsFor = (region: string) => RegionClients;

/** What is about to be deployed, and where. */
export interface PreflightTarget {
  readonly settings: SiteSettings;
  readonly account: string;
  /** The site stack's region. */
  readonly region: string;
  /** The synthesized app (bundling skipped): its stacks, templates and bootstrap needs. */
  readonly app: Stage;
}

/** A check: reads AWS through `clients`, never writes. */
export type Check = (target: PreflightTarget, clients: ClientsFor) => Promise<CheckResult[]>;

export const ok = (check: string, found: string): CheckResult => ({ status: 'ok', check, found });
export const warn = (check: string, found: string, fix: string): CheckResult => ({
  status: 'warn',
  check,
  found,
  fix,
});
export const fail = (check: string, found: string, fix: string): CheckResult => ({
  status: 'fail',
  check,
  found,
  fix,
});

/** `ok   name: found`, or with ` → fix` when not ok. */
export const formatResult = (result: CheckResult): string =>
  `${result.status.padEnd(4)} ${result.check}: ${result.found}` +
  (result.fix ? ` → ${result.fix}` : '');

/** Non-zero when any check failed; warnings leave the deploy to the operator. */
export const exitCodeOf = (results: readonly CheckResult[]): number =>
  results.some((result) => result.status === 'fail') ? 1 : 0;

/** The SDK's error name (`NotFoundException`, …) of a thrown value, if it has one. */
export const errorName = (error: unknown): string | undefined =>
  error instanceof Error ? error.name : undefined;
