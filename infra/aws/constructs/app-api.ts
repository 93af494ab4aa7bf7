import { RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import {
  HttpApi,
  HttpIntegrationType,
  HttpMethod,
  HttpRoute,
  HttpRouteIntegration,
  HttpRouteKey,
  HttpStage,
  IntegrationCredentials,
  LogGroupLogDestination,
  type CfnStage,
  type HttpRouteIntegrationConfig,
  PayloadFormatVersion,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { PolicyStatement, type IRole } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { ROUTES, type RouteDefinition } from '@hatchworks/shared/routes';
import { AppFunction, type PasswordStoreAccess } from './app-function';
import type { FunctionKeys } from './function-keys';
import { FunctionRole } from './function-role';
import { routeFunctionSpec } from './function-spec';
import { LATENCY_WATCHED_ROUTES, routeThrottleOf, STAGE_THROTTLE } from './route-throttles';
import type { SearchIndex } from './search-index';

/** The API Gateway route key of a manifest entry (`ANY` stays `ANY`). */
export const httpRouteKey = (route: Pick<RouteDefinition, 'method' | 'path'>): HttpRouteKey =>
  HttpRouteKey.with(route.path, HttpMethod[route.method]);

/**
 * The route keys the AWS stack serves, one per manifest entry: what the parity test compares
 * with the local gateway's dispatch table.
 */
export const API_ROUTE_KEYS: readonly string[] = ROUTES.map((route) => httpRouteKey(route).key);

/**
 * A route's Lambda proxy integration that API Gateway invokes with a role (the integration's
 * credentials) instead of a resource-based permission on the function: one role per area of
 * handlers replaces one `AWS::Lambda::Permission` per route (a stack holds at most 500
 * resources). For a Lambda integration "to specify an IAM Role for API Gateway to assume, use the
 * role's ARN" (`CredentialsArn`, "supported only for HTTP APIs":
 * https://docs.aws.amazon.com/sdk-for-kotlin/api/latest/apigatewayv2/aws.sdk.kotlin.services.apigatewayv2.model/-create-api-request/credentials-arn.html);
 * the role trusts apigateway.amazonaws.com and may invoke its area's functions alone
 * (https://docs.aws.amazon.com/apigateway/latest/developerguide/permissions.html). Only a principal
 * with `iam:PassRole` on it can name it in an integration.
 */
class RoleLambdaIntegration extends HttpRouteIntegration {
  constructor(
    id: string,
    private readonly handler: IFunction,
    private readonly role: IRole,
  ) {
    super(id);
  }

  bind(): HttpRouteIntegrationConfig {
    return {
      type: HttpIntegrationType.AWS_PROXY,
      uri: this.handler.functionArn,
      payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
      credentials: IntegrationCredentials.fromRole(this.role),
    };
  }
}

const pascalCase = (text: string) =>
  text
    .split(/[^a-zA-Z0-9]+/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/** Fields of HTTP API's `$context` worth one JSON access-log line per request. */
const ACCESS_LOG_FORMAT = AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    // The invocation's Lambda request id (`lambda_request_id` in the function's lines, and its
    // START/END/REPORT lines); empty when no function ran (throttled, no route).
    lambdaRequestId: '$context.integration.requestId',
    time: '$context.requestTime',
    // The address of the connection to API Gateway: behind CloudFront, an edge server's, never
    // the visitor's. An HTTP API's access log takes only `$context` variables, no request header
    // (https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-logging-variables.html),
    // so the visitor's address (CloudFront-Viewer-Address) is `client` in the function's
    // `request` line (functions/src/http/http-handler.ts).
    sourceIp: '$context.identity.sourceIp',
    userAgent: '$context.identity.userAgent',
    method: '$context.httpMethod',
    path: '$context.path',
    routeKey: '$context.routeKey',
    status: '$context.status',
    protocol: '$context.protocol',
    responseLength: '$context.responseLength',
    latencyMs: '$context.responseLatency',
    integrationLatencyMs: '$context.integrationLatency',
    integrationError: '$context.integrationErrorMessage',
  }),
);

/**
 * Each manifest route's throttle (`route-throttles.ts`), keyed by route key as API Gateway wants;
 * the routes whose p99 latency is alarmed on also get per-route metrics.
 */
function routeSettings(): Record<string, unknown> {
  const watched = new Set<string>(LATENCY_WATCHED_ROUTES);
  return Object.fromEntries(
    (ROUTES as readonly RouteDefinition[]).map((route) => {
      const throttle = routeThrottleOf(route);
      return [
        httpRouteKey(route).key,
        {
          ThrottlingRateLimit: throttle.rateLimit,
          ThrottlingBurstLimit: throttle.burstLimit,
          ...(watched.has(route.id) ? { DetailedMetricsEnabled: true } : {}),
        },
      ];
    }),
  );
}

export interface AppApiProps {
  readonly table: ITable;
  /** Environment for every function (log level, debug switches). */
  readonly environment?: Readonly<Record<string, string>>;
  /** The stack's keys; each route's function gets only those its manifest entry names. */
  readonly keys?: FunctionKeys;
  /** The site's origin (`https://...`), given as `SITE_URL` to the routes marked `siteUrl`. */
  readonly siteUrl?: string;
  /** The search snapshot, read by the routes marked `searchIndex`. */
  readonly search?: SearchIndex;
  /** The stack's user pool, for the routes marked `passwordStore`; none with an external issuer. */
  readonly passwordStore?: PasswordStoreAccess;
  /**
   * What CloudFront sends in `x-origin-verify`: every function gets its ARN
   * (`ORIGIN_VERIFY_SECRET_ARN`) and reads the value once per cold start. Resolving the value
   * into each environment would spend one of CloudFormation's 60 dynamic references per function
   * and show the value in every function's configuration.
   */
  readonly originSecret?: ISecret;
}

/**
 * The HTTP API behind CloudFront's `/api/*`: one route and one function per manifest entry,
 * payload format 2.0 (what the handlers and the local gateway speak), access logs, throttling.
 * Authorisation happens in the handlers' middleware: API Gateway's JWT authorizer takes one
 * issuer and the product accepts two token kinds.
 */
export class AppApi extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly accessLogs: LogGroup;
  /** The log groups of the route functions, one per handler area (`auth`, `tracker`, ...). */
  readonly functionLogGroups: readonly LogGroup[];
  /** Functions by route id. */
  readonly functions: ReadonlyMap<string, AppFunction>;
  /** The `execute-api` host name, CloudFront's origin for `/api/*`. */
  readonly originDomainName: string;

  constructor(scope: Construct, id: string, props: AppApiProps) {
    super(scope, id);

    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'Hatchworks API, reached through CloudFront under /api/*',
      createDefaultStage: false,
    });

    this.accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      autoDeploy: true,
      throttle: STAGE_THROTTLE,
      accessLogSettings: {
        destination: new LogGroupLogDestination(this.accessLogs),
        format: ACCESS_LOG_FORMAT,
      },
    });

    // One log group per area of handlers (`auth`, `tracker`, ...), not per function: CloudFormation
    // allows 500 resources in a stack, and each route already brings four (function, role with
    // its grants inline, integration, route). See infra/aws/README.md, "Resources".
    const logGroups = new Map<string, LogGroup>();
    const logGroupOf = (route: RouteDefinition): LogGroup => {
      const area = route.handler.split('/')[0] ?? 'other';
      let group = logGroups.get(area);
      if (!group) {
        group = new LogGroup(this, `${pascalCase(area)}Logs`, {
          retention: RetentionDays.ONE_MONTH,
          // Operational logs only; the table is the data worth keeping.
          removalPolicy: RemovalPolicy.DESTROY,
        });
        logGroups.set(area, group);
      }
      return group;
    };

    // The role API Gateway invokes an area's functions with (see RoleLambdaIntegration).
    const invokeRoles = new Map<string, FunctionRole>();
    const invokeRoleOf = (route: RouteDefinition): FunctionRole => {
      const area = route.handler.split('/')[0] ?? 'other';
      let role = invokeRoles.get(area);
      if (!role) {
        role = new FunctionRole(this, `${pascalCase(area)}Invoke`, {
          description: `Lets API Gateway invoke the functions of the ${area} routes`,
          service: 'apigateway.amazonaws.com',
        });
        invokeRoles.set(area, role);
      }
      return role;
    };

    const functions = new Map<string, AppFunction>();
    const routes: HttpRoute[] = [];
    for (const route of ROUTES as readonly RouteDefinition[]) {
      const fn = new AppFunction(this, route.id, {
        logGroup: logGroupOf(route),
        spec: routeFunctionSpec(route),
        table: props.table,
        environment: {
          ...props.environment,
          ...(route.siteUrl && props.siteUrl ? { SITE_URL: props.siteUrl } : {}),
          ...(props.originSecret ? { ORIGIN_VERIFY_SECRET_ARN: props.originSecret.secretArn } : {}),
        },
        ...(props.keys ? { keys: props.keys } : {}),
        ...(props.passwordStore ? { passwordStore: props.passwordStore } : {}),
      });
      const httpRoute = new HttpRoute(this, `${route.id}Route`, {
        httpApi: this.httpApi,
        routeKey: httpRouteKey(route),
        integration: new RoleLambdaIntegration(
          `${route.id}Integration`,
          fn.function,
          invokeRoleOf(route),
        ),
      });
      // The unqualified function, which the integration names; no version or alias.
      invokeRoleOf(route).addToPrincipalPolicy(
        new PolicyStatement({
          actions: ['lambda:InvokeFunction'],
          resources: [fn.function.functionArn],
        }),
      );
      routes.push(httpRoute);
      props.originSecret?.grantRead(fn.role);
      if (route.searchIndex) {
        if (!props.search)
          throw new Error(`${route.id} reads the search index, but none was given`);
        props.search.grantRead(fn);
      }
      functions.set(route.id, fn);
    }
    this.functions = functions;
    this.functionLogGroups = [...logGroups.values()];
    (this.stage.node.defaultChild as CfnStage).routeSettings = routeSettings();
    // API Gateway refuses settings for a route key it does not know yet.
    this.stage.node.addDependency(...routes);
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason:
        "Authorization is enforced in each handler's middleware: the API accepts two token kinds " +
        "(the product's own JWTs and the identity provider's), which API Gateway's " +
        'single-issuer JWT authorizer cannot verify; public routes need none.',
    });

    this.originDomainName = `${this.httpApi.apiId}.execute-api.${Stack.of(this).region}.${Stack.of(this).urlSuffix}`;
  }
}
