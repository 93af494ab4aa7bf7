/** An operator's mistake or a state of AWS the command cannot go on from; the message says what to do. */
export class OpsError extends Error {
  override readonly name = 'OpsError';
}

/** How often the SDK's waiters poll, in seconds (AWS's own defaults are 20 s for DynamoDB). */
export interface WaiterPace {
  readonly minDelay: number;
  readonly maxDelay: number;
}

/** What every verb gets: where the stack is, how to print, how long to wait between polls. */
export interface OpsEnvironment {
  /** The site stack's name (`Hatchworks-Prod`). */
  readonly stackName: string;
  /** The site stack's region; undefined: the SDK's (AWS_REGION, the profile). */
  readonly region: string | undefined;
  /** One line of the command's answer, on stdout. */
  readonly print: (line: string) => void;
  readonly pace: WaiterPace;
  /** The repository whose `cdk.json` holds the current deploy context. */
  readonly repoRoot: string;
  /** Runs git in the repository and returns its stdout (the rollback reads old commits). */
  readonly git: (args: readonly string[]) => string;
}

/** The settings of a client of a service in the stack's region. */
export const regional = (ops: OpsEnvironment) => (ops.region ? { region: ops.region } : {});

/** Waits `seconds`, the pace of a poll that has no SDK waiter. */
export const pause = (seconds: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, seconds * 1000));
