import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import type { RuntimeConfig } from '@hatchworks/shared/schemas/runtime-config';
import { cspOriginsFor } from '../../shared/csp-origins';
import type { CustomDomain, LogLevel } from '../config/site-context';
import { AppApi } from '../constructs/app-api';
import { AppTable } from '../constructs/app-table';
import { SiteDeployment } from '../constructs/site-deployment';
import { SiteDistribution } from '../constructs/site-distribution';
import { WEB_DIST } from '../paths';

export { API_ROUTE_KEYS } from '../constructs/app-api';

export interface SiteStackProps extends StackProps {
  /** Written to `/config.json` beside the bundle. */
  readonly runtimeConfig: RuntimeConfig;
  /** Serve the site on an own domain (the operator adds the DNS record). */
  readonly customDomain?: CustomDomain;
  /** @default 'INFO' */
  readonly logLevel?: LogLevel;
  /** Log each DynamoDB call's consumed capacity (bench/debug). @default false */
  readonly logConsumedCapacity?: boolean;
  /** The built SPA. @default web/dist of the repository */
  readonly webDistPath?: string;
}

/**
 * The whole product on AWS: the table, one function per manifest route behind an HTTP API,
 * the SPA in a private bucket, and one CloudFront distribution in front of both.
 */
export class SiteStack extends Stack {
  readonly table: AppTable;
  readonly api: AppApi;
  readonly site: SiteDistribution;
  readonly deployment: SiteDeployment;

  constructor(scope: Construct, id: string, props: SiteStackProps) {
    super(scope, id, props);

    this.table = new AppTable(this, 'Data');
    this.api = new AppApi(this, 'Api', {
      table: this.table.table,
      environment: {
        LOG_LEVEL: props.logLevel ?? 'INFO',
        LOG_CONSUMED_CAPACITY: String(props.logConsumedCapacity ?? false),
      },
    });
    this.site = new SiteDistribution(this, 'Site', {
      apiDomainName: this.api.originDomainName,
      cspOrigins: cspOriginsFor(props.runtimeConfig),
      ...(props.customDomain ? { customDomain: props.customDomain } : {}),
    });
    this.deployment = new SiteDeployment(this, 'Deployment', {
      bucket: this.site.bucket,
      distribution: this.site.distribution,
      webDistPath: props.webDistPath ?? WEB_DIST,
      runtimeConfig: props.runtimeConfig,
    });

    const siteHost =
      props.customDomain?.domainName ?? this.site.distribution.distributionDomainName;
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
  }
}
