import { pageShellFiles } from '@hatchworks/shared/page-shells';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CloudFormationClient,
  DescribeStackResourceCommand,
  DescribeStacksCommand,
} from '@aws-sdk/client-cloudformation';
import {
  CloudFrontClient,
  CreateInvalidationCommand,
  GetInvalidationCommand,
} from '@aws-sdk/client-cloudfront';
import {
  CloudWatchLogsClient,
  GetQueryResultsCommand,
  StartQueryCommand,
} from '@aws-sdk/client-cloudwatch-logs';
import {
  GetFunctionCommand,
  InvokeCommand,
  LambdaClient,
  UpdateFunctionCodeCommand,
} from '@aws-sdk/client-lambda';
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runOps } from '../aws/ops/run-ops';
import { describeStacksAnswer, OUTPUTS, opsEnvironment, REGION, STACK } from './support/ops';

const cloudFormation = mockClient(CloudFormationClient);
const s3 = mockClient(S3Client);
const cloudFront = mockClient(CloudFrontClient);
const logs = mockClient(CloudWatchLogsClient);
const lambda = mockClient(LambdaClient);
const sts = mockClient(STSClient);
const mocks = [cloudFormation, s3, cloudFront, logs, lambda, sts];

/** Runs `npm run ops -- <argv>` in this process; its printed lines and exit code. */
async function ops(...argv: string[]) {
  const { ops: environment, lines } = opsEnvironment();
  const code = await runOps(argv, environment);
  return { code, lines };
}

beforeEach(() => {
  for (const mock of mocks) mock.reset();
  cloudFormation.on(DescribeStacksCommand).resolves(describeStacksAnswer());
});

afterEach(() => {
  for (const mock of mocks) mock.reset();
});

afterAll(() => {
  // The next file of this process gets the SDK's own clients back.
  for (const mock of mocks) mock.restore();
});

describe('npm run ops -- outputs', () => {
  it("prints the stack's outputs from DescribeStacks, in the region given", async () => {
    // Act
    const { code, lines } = await ops('outputs', '--stack', STACK, '--region', REGION);
    // Assess
    expect(code).toBe(0);
    expect(cloudFormation.commandCalls(DescribeStacksCommand)[0]?.args[0].input).toEqual({
      StackName: STACK,
    });
    expect(await cloudFormation.call(0).thisValue.config.region()).toBe(REGION);
    expect(lines).toContain(`TableName                 ${OUTPUTS.TableName}`);
    expect(lines).toHaveLength(Object.keys(OUTPUTS).length);
  });
});

describe('npm run ops -- drop-search-snapshot', () => {
  it('deletes search/index.json from the one bucket the SearchSnapshotBucketName output names', async () => {
    // Arrange
    s3.on(DeleteObjectCommand).resolves({});
    // Act
    const { lines } = await ops('drop-search-snapshot');
    // Assess
    expect(s3.commandCalls(DeleteObjectCommand).map((call) => call.args[0].input)).toEqual([
      { Bucket: OUTPUTS.SearchSnapshotBucketName, Key: 'search/index.json' },
    ]);
    expect(lines).toEqual([
      `Deleted s3://${OUTPUTS.SearchSnapshotBucketName}/search/index.json: the next search rebuilds it from ${OUTPUTS.TableName}.`,
    ]);
  });

  it('tells to deploy first when the stack predates the output', async () => {
    // Arrange: a stack deployed before the output existed
    const older = Object.fromEntries(
      Object.entries(OUTPUTS).filter(([key]) => key !== 'SearchSnapshotBucketName'),
    );
    cloudFormation.on(DescribeStacksCommand).resolves(describeStacksAnswer(older));
    // Act + Assess
    await expect(ops('drop-search-snapshot')).rejects.toThrow(
      'Hatchworks-Prod has no output SearchSnapshotBucketName: deploy the current commit once',
    );
    expect(s3.calls()).toHaveLength(0);
  });
});

/** A Lambda answer's payload as the SDK hands it over. */
const payload = (text: string) =>
  Object.assign(new TextEncoder().encode(text), { transformToString: () => text });

describe('npm run ops -- resync-embed-origins', () => {
  it('invokes the function the EmbedOriginsFunctionName output names with {"resync": true}', async () => {
    // Arrange
    lambda
      .on(InvokeCommand)
      .resolves({ StatusCode: 200, Payload: payload('{"puts":4,"deletes":1}') });
    // Act
    const { code, lines } = await ops('resync-embed-origins');
    // Assess
    const input = lambda.commandCalls(InvokeCommand)[0]?.args[0].input;
    expect(code).toBe(0);
    expect(input?.FunctionName).toBe(OUTPUTS.EmbedOriginsFunctionName);
    expect(JSON.parse(new TextDecoder().decode(input?.Payload as Uint8Array))).toEqual({
      resync: true,
    });
    expect(lines).toEqual([
      `Rewrote the panel's store from ${OUTPUTS.TableName}: 4 keys written, 1 deleted.`,
    ]);
  });

  it("fails with the function's error when the resync fails", async () => {
    // Arrange
    lambda.on(InvokeCommand).resolves({
      StatusCode: 200,
      FunctionError: 'Unhandled',
      Payload: payload('{"errorMessage":"throttled"}'),
    });
    // Act + Assess
    await expect(ops('resync-embed-origins')).rejects.toThrow(
      `${OUTPUTS.EmbedOriginsFunctionName} failed (Unhandled): {"errorMessage":"throttled"}`,
    );
  });
});

describe('npm run ops -- rollback-web', () => {
  it('uploads the assets, then index.html, then waits for the invalidation to complete', async () => {
    // Arrange: an old build, from before the page shells; the invalidation is InProgress once, then Completed
    const dist = mkdtempSync(join(tmpdir(), 'hatchworks-old-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>old</title>');
    writeFileSync(join(dist, 'assets', 'main-abc123.js'), 'console.log("old")');
    writeFileSync(join(dist, 'assets', 'main-abc123.css'), 'body{}');
    s3.on(PutObjectCommand).resolves({});
    cloudFront.on(CreateInvalidationCommand).resolves({
      Invalidation: {
        Id: 'I2J0I21PCUYOIK',
        Status: 'InProgress',
        CreateTime: new Date(),
        InvalidationBatch: undefined,
      },
    });
    cloudFront
      .on(GetInvalidationCommand)
      .resolvesOnce({
        Invalidation: {
          Id: 'I2J0I21PCUYOIK',
          Status: 'InProgress',
          CreateTime: new Date(),
          InvalidationBatch: undefined,
        },
      })
      .resolves({
        Invalidation: {
          Id: 'I2J0I21PCUYOIK',
          Status: 'Completed',
          CreateTime: new Date(),
          InvalidationBatch: undefined,
        },
      });
    // Act
    const { lines } = await ops('rollback-web', '--dist', dist);
    // Assess
    const puts = s3.commandCalls(PutObjectCommand).map((call) => call.args[0].input);
    expect(
      puts.map(({ Bucket, Key, ContentType, CacheControl }) => ({
        Bucket,
        Key,
        ContentType,
        CacheControl,
      })),
    ).toEqual([
      {
        Bucket: OUTPUTS.SiteBucketName,
        Key: 'assets/main-abc123.css',
        ContentType: 'text/css',
        CacheControl: 'public, max-age=31536000, immutable',
      },
      {
        Bucket: OUTPUTS.SiteBucketName,
        Key: 'assets/main-abc123.js',
        ContentType: 'application/javascript',
        CacheControl: 'public, max-age=31536000, immutable',
      },
      {
        Bucket: OUTPUTS.SiteBucketName,
        Key: 'index.html',
        ContentType: 'text/html',
        CacheControl: 'no-cache',
      },
      // Its index.html in the place of each page shell, which would load the newer chunks.
      ...pageShellFiles().map((Key) => ({
        Bucket: OUTPUTS.SiteBucketName,
        Key,
        ContentType: 'text/html',
        CacheControl: 'no-cache',
      })),
    ]);
    expect(
      puts.filter(({ Key }) => Key?.startsWith('pages/')).map(({ Body }) => String(Body)),
    ).toEqual(pageShellFiles().map(() => '<!doctype html><title>old</title>'));
    expect(cloudFront.commandCalls(CreateInvalidationCommand)[0]?.args[0].input).toMatchObject({
      DistributionId: OUTPUTS.DistributionId,
      InvalidationBatch: { Paths: { Quantity: 1, Items: ['/*'] } },
    });
    expect(cloudFront.commandCalls(GetInvalidationCommand)).toHaveLength(2);
    expect(lines.at(-1)).toBe(
      `Done: ${OUTPUTS.DistributionDomainName} serves the build of ${dist}.`,
    );
  });
});

describe('npm run ops -- find-requests', () => {
  const [authLogs, featuresLogs] = OUTPUTS.ApiFunctionLogGroupNames.split(',');
  const field = (name: string, value: string) => ({ field: name, value });

  it("finds one request's lines in the access log and the functions' groups, then Lambda's own", async () => {
    // Arrange: Logs Insights runs a while, then answers; recorded lines of one vote
    const accessLine = JSON.stringify({
      requestId: 'Ab1CdEfGhIjKlMnO=',
      lambdaRequestId: '0b4f1871-622a-4894-a518-2739d75c7ebe',
      status: '200',
    });
    const requestLine = JSON.stringify({
      level: 'INFO',
      message: 'request',
      request_id: 'Ab1CdEfGhIjKlMnO=',
      lambda_request_id: '0b4f1871-622a-4894-a518-2739d75c7ebe',
      client: '198.51.100.7',
      status: 200,
    });
    logs.on(StartQueryCommand).resolvesOnce({ queryId: 'q-1' }).resolves({ queryId: 'q-2' });
    logs
      .on(GetQueryResultsCommand, { queryId: 'q-1' })
      .resolvesOnce({ status: 'Running', results: [] })
      .resolves({
        status: 'Complete',
        results: [
          [
            field('@timestamp', '2026-11-25 12:03:04.120'),
            field('@log', `123456789012:${featuresLogs}`),
            field('@message', requestLine),
            field('@ptr', 'x'),
          ],
          [
            field('@timestamp', '2026-11-25 12:03:04.130'),
            field('@log', `123456789012:${OUTPUTS.ApiAccessLogGroupName}`),
            field('@message', accessLine),
            field('@ptr', 'y'),
          ],
        ],
      });
    logs.on(GetQueryResultsCommand, { queryId: 'q-2' }).resolves({
      status: 'Complete',
      results: [
        [
          field('@timestamp', '2026-11-25 12:03:04.125'),
          field(
            '@message',
            'REPORT RequestId: 0b4f1871-622a-4894-a518-2739d75c7ebe\tDuration: 43.10 ms',
          ),
        ],
      ],
    });
    // Act
    const { lines } = await ops(
      'find-requests',
      '--request-id',
      'Ab1CdEfGhIjKlMnO=',
      '--from',
      '2026-11-25T12:00:00Z',
      '--to',
      '2026-11-25T12:10:00Z',
    );
    // Assess
    const queries = logs.commandCalls(StartQueryCommand).map((call) => call.args[0].input);
    expect(queries[0]).toEqual({
      logGroupNames: [OUTPUTS.ApiAccessLogGroupName, authLogs, featuresLogs],
      startTime: Date.parse('2026-11-25T12:00:00Z') / 1000,
      endTime: Date.parse('2026-11-25T12:10:00Z') / 1000,
      queryString:
        'fields @timestamp, @log, @message | filter request_id = "Ab1CdEfGhIjKlMnO=" or requestId = "Ab1CdEfGhIjKlMnO=" | sort @timestamp asc',
    });
    expect(queries[1]).toMatchObject({
      logGroupNames: [authLogs, featuresLogs],
      queryString:
        'fields @timestamp, @log, @message | filter @requestId = "0b4f1871-622a-4894-a518-2739d75c7ebe" | sort @timestamp asc',
    });
    expect(logs.commandCalls(GetQueryResultsCommand)).toHaveLength(3);
    expect(lines).toHaveLength(4);
    expect(JSON.parse(lines[0] ?? '')).toEqual({
      '@timestamp': '2026-11-25 12:03:04.120',
      '@log': `123456789012:${featuresLogs}`,
      '@message': requestLine,
    });
    expect(lines[3]).toBe(
      '2 line(s) of request Ab1CdEfGhIjKlMnO=, Lambda invocation 0b4f1871-622a-4894-a518-2739d75c7ebe.',
    );
  });

  it("finds a visitor's requests by the client address of the functions' request lines, not the access log's edge address", async () => {
    // Arrange
    logs.on(StartQueryCommand).resolves({ queryId: 'q-3' });
    logs.on(GetQueryResultsCommand).resolves({
      status: 'Complete',
      results: [
        [
          field('@timestamp', '2026-11-25 12:03:04.120'),
          field('request_id', 'Ab1CdEfGhIjKlMnO='),
          field('route', 'POST /api/features/{id}/vote'),
          field('status', '200'),
        ],
      ],
    });
    // Act
    const { lines } = await ops('find-requests', '--client', '198.51.100.7');
    // Assess
    const query = logs.commandCalls(StartQueryCommand)[0]?.args[0].input;
    expect(query?.logGroupNames).toEqual([authLogs, featuresLogs]);
    expect(query?.queryString).toContain('filter message = "request" and client = "198.51.100.7"');
    expect(lines.at(-1)).toMatch(/^1 request\(s\) from 198\.51\.100\.7/);
  });

  it('refuses what is not an address, or an unknown option, before asking AWS', async () => {
    await expect(ops('find-requests', '--client', '" or 1=1')).rejects.toThrow(
      /must be an IP address/,
    );
    await expect(ops('find-requests', '--ip', '198.51.100.7')).rejects.toThrow(
      /Unknown option '--ip'[\s\S]*Usage: npm run ops/,
    );
    expect(cloudFormation.calls()).toHaveLength(0);
    expect(logs.calls()).toHaveLength(0);
  });
});

describe('npm run ops -- rollback-function', () => {
  const OLD_KEY = 'c63e3001b1a2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c.zip';
  const FUNCTION = 'Hatchworks-Prod-ApiVoteFeatureHandler1A2B3C4D-kLmNoPqRsTuV';

  /** An older synthesis: the route's function beside one whose id it is a prefix of. */
  function oldTemplate(): string {
    const dir = mkdtempSync(join(tmpdir(), 'hatchworks-old-synth-'));
    const fn = (key: string) => ({
      Type: 'AWS::Lambda::Function',
      Properties: {
        Code: {
          S3Bucket: { 'Fn::Sub': 'cdk-hnb659fds-assets-${AWS::AccountId}-${AWS::Region}' },
          S3Key: key,
        },
      },
    });
    const path = join(dir, 'Hatchworks-Prod.template.json');
    writeFileSync(
      path,
      JSON.stringify({
        Resources: {
          ApiVoteFeatureHandler1A2B3C4D: fn(OLD_KEY),
          ApiVoteFeatureHandlerServiceRole5E6F7A8B: { Type: 'AWS::IAM::Role' },
          ApiVoteFeatureCommentHandler9C0D1E2F: fn('other.zip'),
        },
      }),
    );
    return path;
  }

  it("points the route's one function at the old bundle by its exact logical id, then waits", async () => {
    // Arrange: Lambda reports the update InProgress once, then Successful
    sts.on(GetCallerIdentityCommand).resolves({ Account: '123456789012' });
    cloudFormation.on(DescribeStackResourceCommand).resolves({
      StackResourceDetail: {
        LogicalResourceId: 'ApiVoteFeatureHandler1A2B3C4D',
        PhysicalResourceId: FUNCTION,
        ResourceType: 'AWS::Lambda::Function',
        ResourceStatus: 'UPDATE_COMPLETE',
        LastUpdatedTimestamp: new Date('2026-11-26T10:00:00Z'),
      },
    });
    lambda.on(UpdateFunctionCodeCommand).resolves({ LastUpdateStatus: 'InProgress' });
    lambda
      .on(GetFunctionCommand)
      .resolvesOnce({ Configuration: { LastUpdateStatus: 'InProgress' } })
      .resolves({ Configuration: { LastUpdateStatus: 'Successful' } });
    // Act
    const { lines } = await ops(
      'rollback-function',
      '--route',
      'VoteFeature',
      '--template',
      oldTemplate(),
      '--region',
      REGION,
    );
    // Assess
    expect(cloudFormation.commandCalls(DescribeStackResourceCommand)[0]?.args[0].input).toEqual({
      StackName: STACK,
      LogicalResourceId: 'ApiVoteFeatureHandler1A2B3C4D',
    });
    expect(lambda.calls().map((call) => call.args[0].constructor.name)).toEqual([
      'UpdateFunctionCodeCommand',
      'GetFunctionCommand',
      'GetFunctionCommand',
    ]);
    expect(lambda.commandCalls(UpdateFunctionCodeCommand)[0]?.args[0].input).toEqual({
      FunctionName: FUNCTION,
      S3Bucket: `cdk-hnb659fds-assets-123456789012-${REGION}`,
      S3Key: OLD_KEY,
    });
    expect(lines.at(-1)).toBe(
      `${FUNCTION} runs the older bundle. A deploy that changes its bundle replaces it.`,
    );
  });

  it('refuses a route id the old template has no function of', async () => {
    await expect(
      ops('rollback-function', '--route', 'VoteFeatures', '--template', oldTemplate()),
    ).rejects.toThrow(/has 0 functions of route VoteFeatures/);
    expect(lambda.calls()).toHaveLength(0);
  });
});
