import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AccessLevel,
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HttpVersion,
  type IKeyValueStore,
  type ResponseHeadersPolicy,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  ObjectOwnership,
  type IBucket,
} from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { EMBED_PATH_PREFIX } from '@hatchworks/shared/embed';
import type { CspOrigins } from '../../shared/security-headers';
import type { CustomDomain } from '../config/site-context';
import { EMBED_REQUEST_CODE, embedResponseCode } from './embed-panel-functions';
import { SecurityHeadersPolicy } from './security-headers-policy';
import { SPA_FALLBACK_CODE } from './spa-fallback';

/** CloudFront's path pattern for the API; everything else is the SPA. */
export const API_PATH_PATTERN = '/api/*';

/** The feedback panel's behaviour: `/embed/<key>`, framed per project. */
export const EMBED_PATH_PATTERN = `${EMBED_PATH_PREFIX}*`;

export interface SiteDistributionProps {
  /** Host name of the HTTP API (`<id>.execute-api.<region>.amazonaws.com`). */
  readonly apiDomainName: string;
  /**
   * Headers CloudFront adds to every request it forwards to the API: the origin secret
   * (`x-origin-verify`) that lets the functions refuse requests that skipped CloudFront.
   */
  readonly apiOriginHeaders?: Readonly<Record<string, string>>;
  readonly cspOrigins: CspOrigins;
  readonly customDomain?: CustomDomain;
  /** Where the panel's viewer-response function reads each key's origins (`EmbedOrigins`). */
  readonly embedOrigins: IKeyValueStore;
  /** API paths outside `/api/*` (e.g. `/changelog.xml`), each its own behaviour to the API. */
  readonly rootApiPaths?: readonly string[];
  /** The ARN of a WAF web ACL (scope CLOUDFRONT, in us-east-1) in front of everything (prod). */
  readonly webAclArn?: string;
}

const privateBucketDefaults = {
  blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
  encryption: BucketEncryption.S3_MANAGED,
  enforceSSL: true,
  // Buckets outlive `cdk destroy`: the operator decides when logs and the site go.
  removalPolicy: RemovalPolicy.RETAIN,
} as const;

/**
 * The site's single origin for browsers: a private bucket (reached only through Origin Access
 * Control) for the SPA and `/api/*` forwarded to the HTTP API, so the SPA calls its API
 * same-origin with no CORS. Every behaviour sends the shared security headers; the feedback
 * panel's (`/embed/*`, from the bucket too) names the project's origins in `frame-ancestors`.
 */
export class SiteDistribution extends Construct {
  readonly bucket: IBucket;
  readonly logsBucket: IBucket;
  readonly distribution: Distribution;
  readonly spaFallback: CloudFrontFunction;
  /** The security headers of every behaviour but the panel's. */
  readonly securityHeaders: ResponseHeadersPolicy;
  /** The panel's: the same headers but framing, which its viewer-response function sets. */
  readonly panelSecurityHeaders: ResponseHeadersPolicy;
  /** `/embed/*`'s viewer-request function: the panel page for a valid key. */
  readonly embedRequest: CloudFrontFunction;
  /** `/embed/*`'s viewer-response function: the CSP with the key's `frame-ancestors`. */
  readonly embedResponse: CloudFrontFunction;

  constructor(scope: Construct, id: string, props: SiteDistributionProps) {
    super(scope, id);

    this.logsBucket = new Bucket(this, 'LogsBucket', {
      ...privateBucketDefaults,
      // CloudFront standard logging writes through ACLs, so object ownership must allow them.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
    });

    this.bucket = new Bucket(this, 'SiteBucket', {
      ...privateBucketDefaults,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.logsBucket,
      serverAccessLogsPrefix: 's3-access/',
    });

    this.spaFallback = new CloudFrontFunction(this, 'SpaFallback', {
      code: FunctionCode.fromInline(SPA_FALLBACK_CODE),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Serves /index.html for client-side routes (paths without a file extension)',
    });

    this.securityHeaders = new SecurityHeadersPolicy(this, 'SecurityHeaders', {
      cspOrigins: props.cspOrigins,
    }).policy;
    const headers = this.securityHeaders;

    this.embedRequest = new CloudFrontFunction(this, 'EmbedRequest', {
      code: FunctionCode.fromInline(EMBED_REQUEST_CODE),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Serves /embed.html for /embed/<key> and carries the key to the response',
    });
    this.embedResponse = new CloudFrontFunction(this, 'EmbedResponse', {
      code: FunctionCode.fromInline(
        embedResponseCode(props.embedOrigins.keyValueStoreId, props.cspOrigins),
      ),
      runtime: FunctionRuntime.JS_2_0,
      keyValueStore: props.embedOrigins,
      comment: "Frames a project's panel only for its origins (read from the KeyValueStore)",
    });
    // A policy's headers are added after the cache, to cached answers too, and before the
    // viewer-response function, which sees them and has the last word; this policy names no
    // framing at all, so in no order could it overrule the function's. The function does not
    // run on an error from the bucket (400 and up): such an answer has no CSP.
    // https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/adding-response-headers.html
    // https://aws.amazon.com/blogs/networking-and-content-delivery/amazon-cloudfront-introduces-response-headers-policies/
    // https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/functions-event-structure.html
    this.panelSecurityHeaders = new SecurityHeadersPolicy(this, 'PanelSecurityHeaders', {
      cspOrigins: props.cspOrigins,
      framingByFunction: true,
    }).policy;

    const domain = props.customDomain;
    const apiOrigin = new HttpOrigin(props.apiDomainName, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
      ...(props.apiOriginHeaders ? { customHeaders: { ...props.apiOriginHeaders } } : {}),
    });
    // API routes outside /api/ (the changelog's Atom feed): public GETs, cached as the function's
    // Cache-Control says, without the viewer's headers, cookies or query string.
    const rootApiBehaviors = Object.fromEntries(
      (props.rootApiPaths ?? []).map((path) => [
        path,
        {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          compress: true,
          responseHeadersPolicy: headers,
        },
      ]),
    );
    // LIST lets S3 answer 404 (not 403) for a missing asset, as the local server does.
    const siteOrigin = S3BucketOrigin.withOriginAccessControl(this.bucket, {
      originAccessLevels: [AccessLevel.READ, AccessLevel.LIST],
    });
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Hatchworks site and API',
      ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: siteOrigin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        compress: true,
        responseHeadersPolicy: headers,
        functionAssociations: [
          { function: this.spaFallback, eventType: FunctionEventType.VIEWER_REQUEST },
        ],
      },
      additionalBehaviors: {
        ...rootApiBehaviors,
        // Every key's page is one object with one cache entry (`/embed.html`: the cache key is
        // taken after the viewer-request function); the framing header differs per key and is
        // set on every response by the viewer-response function, cache hits included.
        // https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/function-code-choose-purpose.html
        [EMBED_PATH_PATTERN]: {
          origin: siteOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          compress: true,
          responseHeadersPolicy: this.panelSecurityHeaders,
          functionAssociations: [
            { function: this.embedRequest, eventType: FunctionEventType.VIEWER_REQUEST },
            { function: this.embedResponse, eventType: FunctionEventType.VIEWER_RESPONSE },
          ],
        },
        [API_PATH_PATTERN]: {
          origin: apiOrigin,
          // A redirect would turn a POST into a GET in many clients; the API refuses plain HTTP.
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Forwards Authorization and the query string; the Host header would break execute-api.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: headers,
        },
      },
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: this.logsBucket,
      logFilePrefix: 'cloudfront/',
      ...(domain
        ? {
            domainNames: [domain.domainName],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', domain.certificateArn),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
    });
    this.acknowledgeFindings(domain !== undefined, props.webAclArn !== undefined);
  }

  private acknowledgeFindings(hasCustomDomain: boolean, hasWebAcl: boolean): void {
    Validations.of(this.logsBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket itself; logging its own access would recurse.',
    });
    Validations.of(this.distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason: 'A public portfolio and community site, meant to be reachable from every country.',
      },
      {
        id: '@aws-cdk/aws-cloudfront-origins:listBucketSecurityRisk',
        reason:
          'defaultRootObject is index.html and every extension-less path is rewritten to an ' +
          'HTML page (a shell, or the panel page under /embed/), so no request lists the ' +
          'bucket; LIST only makes a missing file 404 instead of 403.',
      },
    );
    if (!hasWebAcl) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR2',
        reason:
          'Dev stages go without the WAF (~$10/month fixed): API Gateway throttling and the ' +
          "API's own per-user limits bound abuse there; prod attaches the web ACL.",
      });
    }
    if (!hasCustomDomain) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'Without a custom domain CloudFront serves its default *.cloudfront.net certificate, ' +
          'whose security policy cannot be changed. With the domainName/certificateArn context ' +
          'the distribution enforces TLSv1.2_2021 and this finding no longer applies.',
      });
    }
  }
}
