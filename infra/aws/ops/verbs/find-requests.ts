import { isIP } from 'node:net';
import {
  CloudWatchLogsClient,
  GetQueryResultsCommand,
  StartQueryCommand,
  type ResultField,
} from '@aws-sdk/client-cloudwatch-logs';
import { OpsError, pause, regional, type OpsEnvironment } from '../ops-environment';
import { readStackOutputs } from '../stack-outputs';

/** How far back a search looks without --from. */
const DEFAULT_HOURS = 24;

/** Query states after which GetQueryResults has nothing more to give. */
const FINISHED = new Set(['Complete', 'Failed', 'Cancelled', 'Timeout', 'Unknown']);

export interface FindRequestsOptions {
  /** API Gateway's request id (`x-request-id` of the answer). */
  readonly requestId?: string | undefined;
  /** The visitor's address, as the functions' `request` line records it (`client`). */
  readonly client?: string | undefined;
  readonly from?: string | undefined;
  readonly to?: string | undefined;
}

const time = (text: string, flag: string): Date => {
  const date = new Date(text);
  if (Number.isNaN(date.getTime()))
    throw new OpsError(`${flag} must be a time such as 2026-11-25T12:00:00Z; got "${text}".`);
  return date;
};

type Row = Record<string, string>;

/** Runs one Logs Insights query over `groups` and polls until it is finished. */
async function runQuery(
  ops: OpsEnvironment,
  logs: CloudWatchLogsClient,
  query: {
    readonly groups: readonly string[];
    readonly text: string;
    readonly from: Date;
    readonly to: Date;
  },
): Promise<Row[]> {
  const started = await logs.send(
    new StartQueryCommand({
      logGroupNames: [...query.groups],
      startTime: Math.floor(query.from.getTime() / 1000),
      endTime: Math.ceil(query.to.getTime() / 1000),
      queryString: query.text,
    }),
  );
  const queryId = started.queryId;
  if (!queryId) throw new OpsError('CloudWatch Logs returned no query id.');
  for (;;) {
    const answer = await logs.send(new GetQueryResultsCommand({ queryId }));
    const status = answer.status ?? 'Unknown';
    if (FINISHED.has(status)) {
      if (status !== 'Complete') throw new OpsError(`The Logs Insights query ended ${status}.`);
      return (answer.results ?? []).map((fields: ResultField[]) =>
        Object.fromEntries(
          fields
            .filter((field) => field.field && field.field !== '@ptr')
            .map((field) => [field.field as string, field.value ?? '']),
        ),
      );
    }
    await pause(ops.pace.minDelay);
  }
}

/** The Lambda request ids named by our lines and the access-log line (`@message` is their JSON). */
function lambdaRequestIds(rows: readonly Row[]): string[] {
  const ids = rows.flatMap((row) => {
    try {
      const line = JSON.parse(row['@message'] ?? '') as Record<string, unknown>;
      return [line.lambda_request_id, line.lambdaRequestId].filter(
        (id): id is string => typeof id === 'string' && id !== '' && id !== '-',
      );
    } catch {
      return [];
    }
  });
  return [...new Set(ids)];
}

/**
 * Finds requests in the API's logs with CloudWatch Logs Insights: one request by API Gateway's
 * request id (its access-log line, every line our functions wrote for it, then Lambda's own
 * START/END/REPORT lines of that invocation), or every request of one visitor's address (the
 * functions' `request` lines: the access log holds only CloudFront's edge address).
 */
export async function findRequests(
  ops: OpsEnvironment,
  options: FindRequestsOptions,
): Promise<void> {
  if (Boolean(options.requestId) === Boolean(options.client)) {
    throw new OpsError('Give --request-id or --client.');
  }
  if (options.client && !isIP(options.client)) {
    throw new OpsError(`--client must be an IP address; got "${options.client}".`);
  }
  if (options.requestId && !/^[\w=+/-]+$/.test(options.requestId)) {
    throw new OpsError(`--request-id looks like Ab1CdEfGhIjKlMnO=; got "${options.requestId}".`);
  }
  const to = options.to ? time(options.to, '--to') : new Date();
  const from = options.from
    ? time(options.from, '--from')
    : new Date(to.getTime() - DEFAULT_HOURS * 3_600_000);
  const outputs = await readStackOutputs(ops);
  const functionGroups = outputs.get('ApiFunctionLogGroupNames').split(',').filter(Boolean);
  const logs = new CloudWatchLogsClient(regional(ops));
  const print = (rows: readonly Row[]) => {
    for (const row of rows) ops.print(JSON.stringify(row));
  };

  if (options.client) {
    const rows = await runQuery(ops, logs, {
      groups: functionGroups,
      text:
        'fields @timestamp, request_id, method, route, status, durationMs' +
        ` | filter message = "request" and client = "${options.client}"` +
        ' | sort @timestamp asc | limit 10000',
      from,
      to,
    });
    print(rows);
    ops.print(
      `${rows.length} request(s) from ${options.client}; one in full: npm run ops -- find-requests --request-id <request_id>`,
    );
    return;
  }

  const id = options.requestId ?? '';
  const rows = await runQuery(ops, logs, {
    groups: [outputs.get('ApiAccessLogGroupName'), ...functionGroups],
    text:
      'fields @timestamp, @log, @message' +
      ` | filter request_id = "${id}" or requestId = "${id}"` +
      ' | sort @timestamp asc',
    from,
    to,
  });
  print(rows);
  const invocations = lambdaRequestIds(rows);
  if (invocations.length > 0) {
    const lambdaRows = await runQuery(ops, logs, {
      groups: functionGroups,
      text:
        'fields @timestamp, @log, @message' +
        ` | filter ${invocations.map((lambdaId) => `@requestId = "${lambdaId}"`).join(' or ')}` +
        ' | sort @timestamp asc',
      from,
      to,
    });
    print(lambdaRows);
  }
  ops.print(
    `${rows.length} line(s) of request ${id}${invocations.length > 0 ? `, Lambda invocation ${invocations.join(', ')}` : ''}.`,
  );
}
