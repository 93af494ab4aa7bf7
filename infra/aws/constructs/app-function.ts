import { existsSync } from 'node:fs';
import { Annotations, CfnResource, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { usesTokens, type RouteDefinition, type TableAccess } from '@hatchworks/shared/routes';
import { LOCK_FILE, REPO_ROOT, handlerEntry } from '../paths';
import { acknowledgeWildcards, type WildcardAllowance } from './acknowledge-wildcards';

/**
 * ESM output still bundles some CommonJS (middy, the SDK's dependencies) that calls `require`;
 * ESM has no `require`, so the bundle gets one made from its own URL.
 */
export const CREATE_REQUIRE_BANNER =
  "import{createRequire as __hwCreateRequire}from'node:module';const require=__hwCreateRequire(import.meta.url);";

/** What a function whose route `usesTokens` gets, and no other function does. */
export interface TokenAccess {
  /** The product's own token key; passed as `AUTH_TOKEN_SECRET_ARN`, readable by the role. */
  readonly secret: ISecret;
  /** The identity provider's settings and the login limits (`AUTH_ISSUER`, ...). */
  readonly environment: Readonly<Record<string, string>>;
}

/** What a function whose route `sendsMail` gets, and no other function does. */
export interface MailAccess {
  /** The SES identity it may send as: `ses:SendEmail` on this ARN only. */
  readonly identityArn: string;
  /** `MAIL_TRANSPORT=ses`, `MAIL_FROM`, `SITE_URL` (and `MAIL_IDENTITY_ARN` when named). */
  readonly environment: Readonly<Record<string, string>>;
}

/** The warning of a function that sends mail in a stack without a sender. */
export const MAIL_NOT_CONFIGURED_WARNING = '@hatchworks/mail:senderMissing';

export interface AppFunctionProps {
  /** The manifest entry this function serves. */
  readonly route: RouteDefinition;
  readonly table: ITable;
  /** Extra environment shared by every function (log level, debug switches). */
  readonly environment?: Readonly<Record<string, string>>;
  /** Applied only when the route `usesTokens`; the others never see the key. */
  readonly tokens?: TokenAccess;
  /** Applied only when the route `sendsMail`; the others can send nothing. */
  readonly mail?: MailAccess;
}

/**
 * One API route's Lambda function with the house defaults: Node.js 22 on ARM, minified ESM
 * with the AWS SDK bundled (faster cold starts than the runtime's copy), source maps, X-Ray,
 * its own log group with a retention, and a role that holds only what the route's `table`
 * access says, plus read access to the token key when the route `usesTokens` and `ses:SendEmail`
 * on the sender identity when it `sendsMail`. Nothing else in the stack grants a function
 * anything.
 */
export class AppFunction extends Construct {
  readonly function: NodejsFunction;
  readonly role: Role;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    const { route, table } = props;
    const tokens = props.tokens && usesTokens(route) ? props.tokens : undefined;
    const mail = route.sendsMail ? props.mail : undefined;
    if (route.sendsMail && !mail) {
      Annotations.of(this).addWarningV2(
        MAIL_NOT_CONFIGURED_WARNING,
        `${route.method} ${route.path} sends mail, but no sender is set: deploy with ` +
          '-c mailFrom=<address> (infra/aws/README.md, "Mail"), or its mails fail.',
      );
    }
    const entry = handlerEntry(route.handler);
    if (!existsSync(entry)) {
      throw new Error(
        `Route ${route.id} (${route.method} ${route.path}) names handler "${route.handler}", ` +
          `but ${entry} does not exist.`,
      );
    }

    this.logGroup = new LogGroup(this, 'Logs', {
      retention: RetentionDays.ONE_MONTH,
      // Operational logs only; the table is the data worth keeping.
      removalPolicy: RemovalPolicy.DESTROY,
    });

    // An own role instead of the managed AWSLambdaBasicExecutionRole, whose logs grant covers
    // every log group of the account.
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs ${route.method} ${route.path}`,
    });
    this.logGroup.grantWrite(this.role);

    this.function = new NodejsFunction(this, 'Handler', {
      entry,
      handler: 'handler',
      description: `${route.method} ${route.path}`,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      // 512 MB buys the CPU share that keeps cold starts and bundled-SDK init short.
      memorySize: 512,
      // Well under API Gateway's 30 s integration limit; a route slower than this is a bug.
      timeout: Duration.seconds(10),
      tracing: Tracing.ACTIVE,
      role: this.role,
      logGroup: this.logGroup,
      projectRoot: REPO_ROOT,
      depsLockFilePath: LOCK_FILE,
      environment: {
        // Set even for routes with no table access: env() checks it at start-up for every handler.
        TABLE_NAME: table.tableName,
        NODE_OPTIONS: '--enable-source-maps',
        ...props.environment,
        ...(tokens
          ? { ...tokens.environment, AUTH_TOKEN_SECRET_ARN: tokens.secret.secretArn }
          : {}),
        ...mail?.environment,
      },
      bundling: {
        format: OutputFormat.ESM,
        target: 'node22',
        mainFields: ['module', 'main'],
        minify: true,
        sourceMap: true,
        sourcesContent: false,
        bundleAwsSDK: true,
        // The SMTP transport is the local stack's; on Lambda mail goes through SES, so the
        // mail module's dynamic import of nodemailer never runs there.
        externalModules: ['nodemailer'],
        banner: CREATE_REQUIRE_BANNER,
      },
    });

    grantTableAccess(table, this.role, route.table);
    // GetSecretValue and DescribeSecret on this one secret (its default key needs no grant).
    tokens?.secret.grantRead(this.role);
    if (mail) {
      this.role.addToPrincipalPolicy(
        new PolicyStatement({ actions: ['ses:SendEmail'], resources: [mail.identityArn] }),
      );
    }
    this.acknowledgeFindings(table);
  }

  private acknowledgeFindings(table: ITable): void {
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'nodejs22.x is pinned on purpose (ARCHITECTURE.md): the code and its dependencies are ' +
        'chosen to run on Node 20 locally and 22 on Lambda; the runtime moves with the repo, ' +
        'not with whatever is newest at synth time.',
    });
    const allowances: WildcardAllowance[] = [
      {
        finding: /^Resource::\*$/,
        actionsOnAnyResource: /^xray:/,
        reason:
          'X-Ray tracing: xray:PutTraceSegments and xray:PutTelemetryRecords support no ' +
          'resource-level permissions, so they can only be granted on "*".',
      },
    ];
    const cfnTable = table.node.defaultChild;
    if (CfnResource.isCfnResource(cfnTable)) {
      const logicalId = String(Stack.of(this).resolve(cfnTable.logicalId));
      allowances.push({
        finding: new RegExp(`^Resource::<${logicalId}\\.Arn>/index/\\*$`),
        reason:
          "Queries on the table's global secondary indexes: the wildcard covers " +
          "only the indexes of this one table, and only the actions of the route's table access.",
      });
    }
    acknowledgeWildcards(this, allowances);
  }
}

/**
 * The DynamoDB actions behind each `table` access level of the manifest. Explicit rather than
 * `grantReadData`/`grantWriteData`: those include Scan (never allowed on a request path,
 * ARCHITECTURE.md) and stream reads (no stream), and the write set lacks ConditionCheckItem,
 * which a TransactWriteItems with a condition-check item needs. Transactions and batches have
 * no actions of their own: IAM checks each item's action.
 */
export const TABLE_ACTIONS = {
  none: [],
  read: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:ConditionCheckItem',
  ],
  write: [
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
    'dynamodb:ConditionCheckItem',
  ],
  readwrite: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
    'dynamodb:ConditionCheckItem',
  ],
} as const satisfies Record<TableAccess, readonly string[]>;

function grantTableAccess(table: ITable, role: Role, access: TableAccess): void {
  const actions = TABLE_ACTIONS[access];
  // On the table and its indexes (table.grant adds `<table>/index/*`).
  if (actions.length > 0) table.grant(role, ...actions);
}
