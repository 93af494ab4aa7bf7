import { Aspects, CfnOutput, Fn, Lazy, RemovalPolicies, Stack, type StackProps } from 'aws-cdk-lib';
import { CfnLogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import type { RuntimeConfig } from '@hatchworks/shared/schemas/runtime-config';
import { ROOT_API_PATHS } from '@hatchworks/shared/routes';
import { cspOriginsFor } from '../../shared/csp-origins';
import { ORIGIN_VERIFY_HEADER } from '@hatchworks/functions/http/origin-lock';
import { METRICS_NAMESPACE_ENV } from '@hatchworks/functions/lib/metrics';
import type {
  AlarmSettings,
  CustomDomain,
  ExistingTable,
  IdentitySettings,
  KeyGenerations,
  LogLevel,
  MailSettings,
  Stage,
  TokenSettings,
} from '../config/site-context';
import { AppApi } from '../constructs/app-api';
import type { MailAccess } from '../constructs/app-function';
import { AppTable } from '../constructs/app-table';
import { CognitoLogin } from '../constructs/cognito-login';
import { EmbedOrigins } from '../constructs/embed-origins';
import { FunctionSecrets } from '../constructs/function-secrets';
import type { FunctionKeys } from '../constructs/function-keys';
import { OriginSecret } from '../constructs/origin-secret';
import { SearchIndex } from '../constructs/search-index';
import { TableStream } from '../constructs/table-stream';
import { SiteDeployment } from '../constructs/site-deployment';
import { SiteDistribution } from '../constructs/site-distribution';
import { TokenSigningKey } from '../constructs/token-signing-key';
import { LoginTriggers } from '../constructs/login-triggers';
import { PROJECT_BUILDS, WEB_DIST } from '../paths';
import { MonitoringStack } from './monitoring-stack';
import { WebhookDeliveries } from '../constructs/webhook-deliveries';

export { API_ROUTE_KEYS } from '../constructs/app-api';

export interface SiteStackProps extends StackProps {
  /**
   * `prod` keeps the table, user pool and secrets when the stack goes and is watched (alarms,
   * dashboard); `dev` is disposable: everything goes with the stack, logs last a week.
   * @default 'prod'
   */
  readonly stage?: Stage;
  /** Use this table instead of making one (a point-in-time restore). @default a new table */
  readonly existingTable?: ExistingTable;
  /** Prod's alarms (the nested Monitoring stack). @default none */
  readonly alarms?: AlarmSettings;
  /** The web ACL in front of CloudFront (prod), with its name (the WAF metrics' dimension). */
  readonly webAcl?: { readonly arn: string; readonly name: string };
  /**
   * Written to `/config.json` beside the bundle. With Cognito, its `auth` is replaced by the
   * user pool's.
   */
  readonly runtimeConfig: RuntimeConfig;
  /** The hosted login. @default a Cognito user pool with a derived prefix domain */
  readonly identity?: IdentitySettings;
  /** Token lifetime and login limits. @default the functions' own defaults */
  readonly tokens?: TokenSettings;
  /** Generations of the token signing key and the origin secret. @default both '1' */
  readonly keyGenerations?: KeyGenerations;
  /** Serve the site on an own domain (the operator adds the DNS record). */
  readonly customDomain?: CustomDomain;
  /** @default 'INFO' */
  readonly logLevel?: LogLevel;
  /** Log each DynamoDB call's consumed capacity (bench/debug). @default false */
  readonly logConsumedCapacity?: boolean;
  /** The sender of the site's mails (SES). @default none: mail-sending routes cannot send */
  readonly mail?: MailSettings;
  /** The built SPA. @default web/dist of the repository */
  readonly webDistPath?: string;
  /** The projects' static builds, served under `/apps/<slug>/`. @default apps/ of the repository */
  readonly projectBuildsPath?: string;
}

/** The environment names of `functions/src/lib/env.ts` for the token settings. */
function tokenEnvironment(tokens: TokenSettings = {}): Record<string, string> {
  const names: Record<keyof TokenSettings, string> = {
    ttlSeconds: 'AUTH_TOKEN_TTL_SECONDS',
    loginMaxFailuresPerAccount: 'LOGIN_MAX_FAILURES_PER_ACCOUNT',
    loginMaxFailuresPerClient: 'LOGIN_MAX_FAILURES_PER_CLIENT',
    loginFailureWindowSeconds: 'LOGIN_FAILURE_WINDOW_SECONDS',
  };
  return Object.fromEntries(
    Object.entries(tokens).map(([key, value]) => [
      names[key as keyof TokenSettings],
      String(value),
    ]),
  );
}

/** `ANONYMOUS_ID_KEY` → `AnonymousIdKey`, for output names. */
const pascalCase = (name: string): string =>
  name.toLowerCase().replace(/(?:^|_)([a-z])/g, (_match, letter: string) => letter.toUpperCase());

/**
 * The whole product on AWS: the table, one function per manifest route behind an HTTP API,
 * the hosted login (a Cognito user pool with its triggers, or an external issuer),
 * the functions' keys, the SPA in a private bucket, and one CloudFront distribution in front of
 * both that alone can reach the API (the origin secret).
 */
export class SiteStack extends Stack {
  readonly table: AppTable;
  readonly api: AppApi;
  /**
   * The table stream's one reader (mail, notifications, search) with its dead-letter queue and
   * the notification mail delay queue.
   */
  readonly tableStream: TableStream;
  /** The webhook delivery queue and its consumer. */
  readonly webhooks: WebhookDeliveries;
  /**
   * The KeyValueStore of the origins that may frame each project's feedback panel, and the
   * table stream's second reader that keeps it in step.
   */
  readonly embedOrigins: EmbedOrigins;
  /** The search snapshot's bucket. */
  readonly search: SearchIndex;
  readonly site: SiteDistribution;
  readonly deployment: SiteDeployment;
  /** The ES256 key pair of the product's own tokens. */
  readonly signingKey: TokenSigningKey;
  /** The functions' other secret keys, by name. */
  readonly secrets: FunctionSecrets;
  /** What CloudFront sends the API in `x-origin-verify`. */
  readonly originSecret: OriginSecret;
  /** The user pool, hosted UI and SPA client; undefined with an external issuer. */
  readonly cognito?: CognitoLogin;
  /** The user pool's migration and post-confirmation triggers; undefined with an external issuer. */
  readonly loginTriggers?: LoginTriggers;
  /** Prod's alarms and dashboard; undefined in dev. */
  readonly monitoring?: MonitoringStack;
  /** What `/config.json` holds. */
  readonly runtimeConfig: RuntimeConfig;
  /** The sender identity and mail settings of the stream's function; undefined without one. */
  readonly mail?: MailAccess;

  constructor(scope: Construct, id: string, props: SiteStackProps) {
    super(scope, id, props);
    const identity = props.identity ?? { kind: 'cognito', threatProtection: 'enforced' };
    const protect = (props.stage ?? 'prod') === 'prod';

    // The client's callback URLs need the distribution's host name, and the distribution's CSP
    // needs the login's origins. Those are spelled out from the domain prefix and the region,
    // so the client depends on the distribution and the distribution on nothing of the login.
    const siteHost =
      props.customDomain?.domainName ??
      Lazy.string({ produce: () => this.site.distribution.distributionDomainName });
    if (identity.kind === 'cognito') {
      this.cognito = new CognitoLogin(this, 'Login', {
        settings: identity,
        siteUrl: `https://${siteHost}`,
        protect,
      });
    }
    this.runtimeConfig = this.cognito
      ? { ...props.runtimeConfig, auth: this.cognito.auth }
      : props.runtimeConfig;
    const auth = this.runtimeConfig.auth;

    const generations = props.keyGenerations ?? { tokenKey: '1', originSecret: '1' };
    if (props.mail) this.mail = this.mailAccess(props.mail, `https://${siteHost}`);

    this.table = new AppTable(this, 'Data', {
      protect,
      ...(props.existingTable ? { existing: props.existingTable } : {}),
    });
    this.signingKey = new TokenSigningKey(this, 'TokenSigningKey', {
      generation: generations.tokenKey,
    });
    this.secrets = new FunctionSecrets(this, 'Secrets');
    this.originSecret = new OriginSecret(this, 'OriginSecret', {
      generation: generations.originSecret,
    });
    const environment = {
      LOG_LEVEL: props.logLevel ?? 'INFO',
      LOG_CONSUMED_CAPACITY: String(props.logConsumedCapacity ?? false),
      // The namespace of the functions' EMF metrics (business figures, transaction conflicts).
      [METRICS_NAMESPACE_ENV]: `Hatchworks/${this.stackName}`,
    };
    const keys: FunctionKeys = {
      tokenEnvironment: {
        // Without an audience (Cognito's access tokens carry none) the functions match the
        // tokens' `client_id` against AUTH_CLIENT_ID instead.
        ...(auth ? { AUTH_ISSUER: auth.authority, AUTH_CLIENT_ID: auth.clientId } : {}),
        ...(auth?.audience ? { AUTH_AUDIENCE: auth.audience } : {}),
        // The issuer is the stack's own pool: an account made for (or linked to) one of its
        // identities keeps its password there.
        ...(this.cognito ? { USER_POOL_ID: this.cognito.userPool.userPoolId } : {}),
        ...tokenEnvironment(props.tokens),
      },
      verifyKeys: this.signingKey.publicKeys,
      signingKey: this.signingKey.secret,
      secrets: this.secrets.secrets,
    };
    const logEnvironment = {
      LOG_LEVEL: environment.LOG_LEVEL,
      LOG_CONSUMED_CAPACITY: environment.LOG_CONSUMED_CAPACITY,
      [METRICS_NAMESPACE_ENV]: environment[METRICS_NAMESPACE_ENV],
    };
    this.search = new SearchIndex(this, 'Search');
    this.api = new AppApi(this, 'Api', {
      table: this.table.table,
      search: this.search,
      environment,
      // The Atom feed's absolute links (the distribution's name is known at synth, lazily).
      siteUrl: `https://${siteHost}`,
      keys,
      ...(this.cognito ? { passwordStore: this.cognito.passwordStore } : {}),
      // Every function refuses requests without it: the API is reachable only through CloudFront.
      originSecret: this.originSecret.secret,
    });
    this.tableStream = new TableStream(this, 'TableStream', {
      table: this.table.table,
      environment: logEnvironment,
      search: this.search,
      ...(this.mail ? { mail: this.mail } : {}),
      keys,
    });
    this.webhooks = new WebhookDeliveries(this, 'Webhooks', {
      table: this.table.table,
      environment: logEnvironment,
      siteUrl: `https://${siteHost}`,
    });
    this.webhooks.allowQueueing(this.tableStream.handler);
    this.embedOrigins = new EmbedOrigins(this, 'EmbedOrigins', {
      table: this.table.table,
      environment: logEnvironment,
      deadLetters: this.tableStream.deadLetters,
    });
    if (this.cognito) {
      this.loginTriggers = new LoginTriggers(this, 'LoginTriggers', {
        login: this.cognito,
        table: this.table.table,
        environment: { ...logEnvironment, ...tokenEnvironment(props.tokens) },
      });
    }
    this.site = new SiteDistribution(this, 'Site', {
      apiDomainName: this.api.originDomainName,
      apiOriginHeaders: { [ORIGIN_VERIFY_HEADER]: this.originSecret.value },
      rootApiPaths: ROOT_API_PATHS,
      cspOrigins: cspOriginsFor(this.runtimeConfig),
      embedOrigins: this.embedOrigins.store,
      ...(props.customDomain ? { customDomain: props.customDomain } : {}),
      ...(props.webAcl ? { webAclArn: props.webAcl.arn } : {}),
    });
    this.deployment = new SiteDeployment(this, 'Deployment', {
      bucket: this.site.bucket,
      distribution: this.site.distribution,
      webDistPath: props.webDistPath ?? WEB_DIST,
      projectBuildsPath: props.projectBuildsPath ?? PROJECT_BUILDS,
      runtimeConfig: this.runtimeConfig,
    });

    if (protect) {
      this.monitoring = new MonitoringStack(this, 'Monitoring', {
        siteName: this.stackName,
        stage: this.api.stage,
        table: this.table.table,
        functions: [
          ...[...this.api.functions].map(([id, fn]) => ({ id, function: fn.function })),
          { id: 'TableStream', function: this.tableStream.handler.function },
          { id: 'WebhookDeliveries', function: this.webhooks.handler.function },
          { id: 'EmbedOrigins', function: this.embedOrigins.handler.function },
          ...(this.loginTriggers
            ? [{ id: 'LoginTriggers', function: this.loginTriggers.handler.function }]
            : []),
        ],
        deadLetters: new Map([
          ['TableStream', this.tableStream.deadLetters],
          ['NotificationMails', this.tableStream.mailDelayDeadLetters],
          ['WebhookDeliveries', this.webhooks.deadLetters],
        ]),
        tableStreamReader: this.tableStream.handler.function,
        metricsNamespace: environment[METRICS_NAMESPACE_ENV],
        ...(props.alarms?.email ? { alarmEmail: props.alarms.email } : {}),
        distributionId: this.site.distribution.distributionId,
        webAclName: props.webAcl?.name ?? 'none',
      });
    } else {
      // Dev is disposable: everything goes with the stack (empty the buckets first), and logs
      // are kept a week.
      RemovalPolicies.of(this).destroy();
      Aspects.of(this).add({
        visit: (node) => {
          if (node instanceof CfnLogGroup) node.retentionInDays = RetentionDays.ONE_WEEK;
        },
      });
    }

    new CfnOutput(this, 'SiteUrl', { value: `https://${siteHost}` });
    new CfnOutput(this, 'DistributionDomainName', {
      value: this.site.distribution.distributionDomainName,
      description: 'Target of the DNS record when a custom domain is set',
    });
    new CfnOutput(this, 'TableName', {
      value: this.table.table.tableName,
      description: 'For `npm run admin` against the AWS table',
    });
    new CfnOutput(this, 'SiteBucketName', { value: this.site.bucket.bucketName });
    // What the operator commands (`npm run ops`, infra/aws/ops/) find the resources by: an output
    // names exactly one resource, where a logical id is only a prefix to guess from.
    new CfnOutput(this, 'DistributionId', {
      value: this.site.distribution.distributionId,
      description: 'For CloudFront invalidations (npm run ops -- rollback-web)',
    });
    new CfnOutput(this, 'SearchSnapshotBucketName', {
      value: this.search.bucket.bucketName,
      description: 'Holds search/index.json (npm run ops -- drop-search-snapshot)',
    });
    new CfnOutput(this, 'ApiAccessLogGroupName', {
      value: this.api.accessLogs.logGroupName,
      description: "API Gateway's access log, one line per request",
    });
    // One output for all the areas' groups: CloudFormation allows 200 outputs per template
    // (https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/cloudformation-limits.html).
    new CfnOutput(this, 'ApiFunctionLogGroupNames', {
      value: Fn.join(
        ',',
        this.api.functionLogGroups.map((group) => group.logGroupName),
      ),
      description:
        "The route functions' log groups, comma-separated (npm run ops -- find-requests)",
    });
    new CfnOutput(this, 'EmbedOriginsFunctionName', {
      value: this.embedOrigins.handler.function.functionName,
      description:
        "Rewrites the panels' origins in CloudFront from the table when invoked with " +
        '{"resync": true} (infra/aws/README.md, "The feedback panel")',
    });
    new CfnOutput(this, 'TokenSigningKeyArn', {
      value: this.signingKey.secret.secretArn,
      description: "Private keys of the product's own tokens (rotation: infra/aws/README.md)",
    });
    for (const [name, secret] of this.secrets.secrets) {
      new CfnOutput(this, `${pascalCase(name)}Arn`, {
        value: secret.secretArn,
        description: `The functions' ${name} (infra/aws/README.md)`,
      });
    }
  }

  /**
   * SES in the stack's region: the identity is named by ARN (another account's, via sending
   * authorization) or by its domain or address in this account.
   */
  private mailAccess(mail: MailSettings, siteUrl: string): MailAccess {
    const named = mail.identity.startsWith('arn:');
    const identityArn = named
      ? mail.identity
      : this.formatArn({ service: 'ses', resource: 'identity', resourceName: mail.identity });
    return {
      identityArn,
      environment: {
        MAIL_TRANSPORT: 'ses',
        MAIL_FROM: mail.from,
        SITE_URL: siteUrl,
        ...(named ? { MAIL_IDENTITY_ARN: identityArn } : {}),
      },
    };
  }
}
