import { existsSync } from 'node:fs';
import { Annotations, CfnResource, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { TableAccess } from '@hatchworks/shared/routes';
import { LOCK_FILE, REPO_ROOT } from '../paths';
import { acknowledgeWildcards, type WildcardAllowance } from './acknowledge-wildcards';
import { denyCredentials, keysFor, type FunctionKeys } from './function-keys';
import { FunctionRole } from './function-role';
import type { FunctionSpec } from './function-spec';
import { TABLE_ACTIONS } from './table-actions';

/** `text` as a literal inside a regular expression. */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export { TABLE_ACTIONS } from './table-actions';

/**
 * ESM output still bundles some CommonJS (middy, the SDK's dependencies) that calls `require`;
 * ESM has no `require`, so the bundle gets one made from its own URL.
 */
export const CREATE_REQUIRE_BANNER =
  "import{createRequire as __hwCreateRequire}from'node:module';const require=__hwCreateRequire(import.meta.url);";

/**
 * How every function is bundled: minified ESM for Node 22 with the AWS SDK inside (a single
 * minified file starts faster than the runtime's SDK from disk). The bundle-size test builds its
 * bare reference handler with these same options.
 */
export const FUNCTION_BUNDLING: BundlingOptions = {
  format: OutputFormat.ESM,
  target: 'node22',
  mainFields: ['module', 'main'],
  minify: true,
  sourceMap: true,
  sourcesContent: false,
  bundleAwsSDK: true,
  // The SMTP transport is the local stack's; on Lambda mail goes through SES, so the mail
  // module's dynamic import of nodemailer never runs there.
  externalModules: ['nodemailer'],
  banner: CREATE_REQUIRE_BANNER,
};

/**
 * The esbuild `define`s of a route's function: its route key and access level, which the access
 * guard reads (functions/src/http/access.ts), so the manifest itself stays out of the bundle.
 */
export function routeDefines(route: { readonly key: string; readonly access: string }) {
  return {
    HATCHWORKS_ROUTE_KEY: JSON.stringify(route.key),
    HATCHWORKS_ROUTE_ACCESS: JSON.stringify(route.access),
  };
}

/** What a function whose spec `sendsMail` gets, and no other function does. */
export interface MailAccess {
  /** The SES identity it may send as: `ses:SendEmail` on this ARN only. */
  readonly identityArn: string;
  /** `MAIL_TRANSPORT=ses`, `MAIL_FROM`, `SITE_URL` (and `MAIL_IDENTITY_ARN` when named). */
  readonly environment: Readonly<Record<string, string>>;
}

/**
 * What a function whose spec acts on the `passwordStore` gets, and no other function does: the
 * stack's user pool, where the passwords of its sign-ups and of migrated accounts live.
 */
export interface PasswordStoreAccess {
  /** The pool's ARN: the admin calls below are granted on it alone. */
  readonly userPoolArn: string;
  /** `USER_POOL_ID` and `AUTH_CLIENT_ID` (the SPA's client, which `AdminInitiateAuth` names). */
  readonly environment: Readonly<Record<string, string>>;
}

/**
 * The user pool calls of a `passwordStore` function: check a password, set one, revoke the
 * refresh tokens. Nothing else of Cognito (no user creation, deletion or reads).
 */
export const PASSWORD_STORE_ACTIONS = [
  'cognito-idp:AdminInitiateAuth',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminUserGlobalSignOut',
] as const;

/** The warning of a function that sends mail in a stack without a sender. */
export const MAIL_NOT_CONFIGURED_WARNING = '@hatchworks/mail:senderMissing';

export interface AppFunctionProps {
  /** What the function is and may do (see `routeFunctionSpec` for an API route). */
  readonly spec: FunctionSpec;
  /** The table; absent only for functions that never touch it (e.g. custom resources). */
  readonly table?: ITable;
  /** Extra environment shared by every function (log level, debug switches). */
  readonly environment?: Readonly<Record<string, string>>;
  /** The stack's keys; the function gets only those its spec names. */
  readonly keys?: FunctionKeys;
  /** Applied only when the spec `sendsMail`; the others can send nothing. */
  readonly mail?: MailAccess;
  /**
   * Applied only when the spec acts on the `passwordStore`; absent with an external issuer,
   * where every password lives in the product.
   */
  readonly passwordStore?: PasswordStoreAccess;
  /**
   * A log group shared with the other functions of its area (the API's routes, see AppApi);
   * without it the function gets its own. Lambda names each stream in a shared group after the
   * function (`yyyy/mm/dd/<function>[<version>]<id>`), so one function's logs stay apart.
   */
  readonly logGroup?: LogGroup;
}

/**
 * One of our Lambda functions with the house defaults: Node.js 22 on ARM, minified ESM with the
 * AWS SDK bundled (faster cold starts than the runtime's copy), source maps, X-Ray, its own log
 * group with a retention (or its area's, for API routes), and a role that holds only what its spec says: its `table` access,
 * an explicit deny of credential items unless it is a `credentials` function, the public token
 * keys where it verifies tokens, the private one where it signs them, its named secrets,
 * `ses:SendEmail` on the sender identity where it sends mail, and the user pool's password calls
 * where it acts on the password store.
 * Nothing else in the stack grants a function anything. The role is a `FunctionRole`: every
 * grant sits inline in it, with no policy resource of its own (infra/aws/README.md, "Resources").
 */
export class AppFunction extends Construct {
  readonly function: NodejsFunction;
  readonly role: FunctionRole;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    const { spec, table } = props;
    const mail = spec.sendsMail ? props.mail : undefined;
    const passwordStore = spec.passwordStore ? props.passwordStore : undefined;
    if (spec.sendsMail && !mail) {
      Annotations.of(this).addWarningV2(
        MAIL_NOT_CONFIGURED_WARNING,
        `${spec.description} sends mail, but no sender is set: deploy with ` +
          '-c mailFrom=<address> (infra/aws/README.md, "Mail"), or its mails fail.',
      );
    }
    if (!existsSync(spec.entry)) {
      throw new Error(
        `${spec.id} (${spec.description}) names ${spec.entry}, which does not exist.`,
      );
    }
    if (!table && spec.table !== 'none') {
      throw new Error(`${spec.id} has "${spec.table}" table access but no table was given.`);
    }
    const keys = keysFor(spec, props.keys);

    this.logGroup =
      props.logGroup ??
      new LogGroup(this, 'Logs', {
        retention: RetentionDays.ONE_MONTH,
        // Operational logs only; the table is the data worth keeping.
        removalPolicy: RemovalPolicy.DESTROY,
      });

    // An own role instead of the managed AWSLambdaBasicExecutionRole, whose logs grant covers
    // every log group of the account; its grants sit inline in it (no separate policy resource).
    this.role = new FunctionRole(this, 'Role', { description: `Runs ${spec.description}` });
    this.logGroup.grantWrite(this.role);

    this.function = new NodejsFunction(this, 'Handler', {
      entry: spec.entry,
      handler: 'handler',
      description: spec.description,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      // 512 MB buys the CPU share that keeps cold starts and bundled-SDK init short.
      memorySize: spec.memorySize ?? 512,
      // Well under API Gateway's 30 s integration limit; a route slower than this is a bug.
      timeout: spec.timeout ?? Duration.seconds(10),
      tracing: Tracing.ACTIVE,
      role: this.role,
      logGroup: this.logGroup,
      projectRoot: REPO_ROOT,
      depsLockFilePath: LOCK_FILE,
      environment: {
        // Set even for routes with no table access: env() checks it at start-up for every handler.
        ...(table ? { TABLE_NAME: table.tableName } : {}),
        NODE_OPTIONS: '--enable-source-maps',
        ...props.environment,
        ...keys.environment,
        ...mail?.environment,
        ...passwordStore?.environment,
      },
      bundling: spec.route
        ? {
            ...FUNCTION_BUNDLING,
            define: routeDefines(spec.route),
          }
        : FUNCTION_BUNDLING,
    });

    if (table) {
      grantTableAccess(table, this.role, spec.table);
      if (!spec.credentials) denyCredentials(this.role, table);
    }
    // GetSecretValue and DescribeSecret on each named secret (their default key needs no grant).
    for (const secret of keys.readable) secret.grantRead(this.role);
    if (mail) {
      this.role.addToPrincipalPolicy(
        new PolicyStatement({ actions: ['ses:SendEmail'], resources: [mail.identityArn] }),
      );
    }
    if (passwordStore) {
      this.role.addToPrincipalPolicy(
        new PolicyStatement({
          actions: [...PASSWORD_STORE_ACTIONS],
          resources: [passwordStore.userPoolArn],
        }),
      );
    }
    this.acknowledgeFindings(table);
  }

  private acknowledgeFindings(table: ITable | undefined): void {
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'nodejs22.x is pinned on purpose (docs/architecture.md): the code and its dependencies are ' +
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
    const cfnTable = table?.node.defaultChild;
    // The stack's own table is named by its ARN's token; a restored one used in its place
    // (`tableName` context) by its ARN, with the account as a token.
    const tableArn = CfnResource.isCfnResource(cfnTable)
      ? `<${String(Stack.of(this).resolve(cfnTable.logicalId))}\\.Arn>`
      : table
        ? `arn:[^:]+:dynamodb:[^:]+:(?:\\d{12}|<AWS::AccountId>):table/${escapeRegExp(table.tableName)}`
        : undefined;
    if (tableArn) {
      allowances.push({
        finding: new RegExp(`^Resource::${tableArn}/index/\\*$`),
        reason:
          "Queries on the table's global secondary indexes: the wildcard covers " +
          "only the indexes of this one table, and only the actions of the route's table access.",
      });
    }
    acknowledgeWildcards(this, allowances);
  }
}

function grantTableAccess(table: ITable, role: FunctionRole, access: TableAccess): void {
  const actions = TABLE_ACTIONS[access];
  // On the table and its indexes (table.grant adds `<table>/index/*`).
  if (actions.length > 0) table.grant(role, ...actions);
}
