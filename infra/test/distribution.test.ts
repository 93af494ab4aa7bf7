import { extname } from 'node:path';
import { runInNewContext } from 'node:vm';
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { clientRouteHtml, PAGE_SHELLS, ROUTE_SHELL_URI } from '@hatchworks/shared/page-shells';
import { SPA_FALLBACK_CODE } from '../aws/constructs/spa-fallback';
import { cspOriginsFor } from '../shared/csp-origins';
import { contentSecurityPolicy, STRICT_TRANSPORT_SECURITY } from '../shared/security-headers';
import { logicalIdOf, synthSite, type SynthesizedSite } from './support/synth-site';

interface Behavior {
  readonly PathPattern?: string;
  readonly CachePolicyId?: string;
  readonly OriginRequestPolicyId?: string;
  readonly AllowedMethods?: string[];
  readonly FunctionAssociations?: unknown[];
  readonly ResponseHeadersPolicyId?: unknown;
  readonly ViewerProtocolPolicy?: string;
}

interface DistributionConfig {
  readonly DefaultCacheBehavior: Behavior;
  readonly CacheBehaviors: Behavior[];
  readonly CustomErrorResponses?: unknown;
  readonly Origins: { OriginAccessControlId?: unknown; S3OriginConfig?: unknown }[];
  readonly HttpVersion: string;
  readonly PriceClass: string;
  readonly Logging?: unknown;
  readonly Aliases?: string[];
  readonly ViewerCertificate?: Record<string, unknown>;
}

/** Managed policy ids (stable across accounts and regions). */
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

const distributionConfig = (site: SynthesizedSite): DistributionConfig => {
  const [distribution] = Object.values(
    site.template.findResources('AWS::CloudFront::Distribution'),
  ) as { Properties: { DistributionConfig: DistributionConfig } }[];
  if (!distribution) throw new Error('no distribution');
  return distribution.Properties.DistributionConfig;
};

interface FunctionResult {
  readonly uri?: string;
  readonly statusCode?: number;
  readonly headers?: Record<string, { value: string }>;
}

/** Runs the CloudFront Function's code on a viewer request for `uri`: the request or a response. */
const viewerRequest = (uri: string): FunctionResult => {
  const sandbox: { result?: FunctionResult } = {};
  runInNewContext(
    `${SPA_FALLBACK_CODE}\nresult = handler({ request: { uri: ${JSON.stringify(uri)} } });`,
    sandbox,
  );
  if (!sandbox.result) throw new Error('handler returned nothing');
  return sandbox.result;
};

/** Runs the CloudFront Function's code on a viewer request for `uri`. */
const rewrite = (uri: string): string => {
  const sandbox: { result?: { uri: string } } = {};
  runInNewContext(
    `${SPA_FALLBACK_CODE}\nresult = handler({ request: { uri: ${JSON.stringify(uri)} } });`,
    sandbox,
  );
  if (!sandbox.result) throw new Error('handler returned nothing');
  return sandbox.result.uri;
};

describe('the CloudFront distribution', () => {
  let site: SynthesizedSite;
  let config: DistributionConfig;
  beforeAll(() => {
    site = synthSite();
    config = distributionConfig(site);
  });

  it('sends /api/* to the HTTP API uncached, with every method and the viewer headers but Host', () => {
    // Act
    const api = config.CacheBehaviors.find((behavior) => behavior.PathPattern === '/api/*');
    // Assess
    expect(config.CacheBehaviors.map((behavior) => behavior.PathPattern).sort()).toEqual([
      '/api/*',
      '/changelog.xml',
      '/embed/*',
    ]);
    expect(api).toMatchObject({
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
      ViewerProtocolPolicy: 'https-only',
    });
    expect(api?.AllowedMethods?.sort()).toEqual(
      ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'].sort(),
    );
  });

  it('sends /changelog.xml (the Atom feed) to the API, GET and HEAD only, cached as it says', () => {
    // Act
    const feed = config.CacheBehaviors.find(
      (behavior) => behavior.PathPattern === '/changelog.xml',
    );
    const api = config.CacheBehaviors.find((behavior) => behavior.PathPattern === '/api/*');
    // Assess
    expect(feed).toMatchObject({
      CachePolicyId: CACHING_OPTIMIZED,
      ViewerProtocolPolicy: 'redirect-to-https',
      ResponseHeadersPolicyId: api?.ResponseHeadersPolicyId,
    });
    expect(feed?.OriginRequestPolicyId).toBeUndefined();
    expect(feed?.AllowedMethods?.sort()).toEqual(['GET', 'HEAD']);
    expect(feed?.FunctionAssociations).toBeUndefined();
    // The API's one origin (with the origin secret), not a second one.
    expect((feed as { TargetOriginId?: string }).TargetOriginId).toBe(
      (api as { TargetOriginId?: string }).TargetOriginId,
    );
  });

  it("gives the feed's function the site's origin as SITE_URL, and no other route function", () => {
    // Act
    const withSiteUrl = [...site.stack.api.functions.entries()]
      .filter(([, fn]) => {
        const resource = site.template.toJSON().Resources[logicalIdOf(site, fn.function)] as {
          Properties: { Environment?: { Variables?: Record<string, unknown> } };
        };
        return resource.Properties.Environment?.Variables?.SITE_URL !== undefined;
      })
      .map(([id]) => id);
    const feed = site.stack.api.functions.get('GetChangelogFeed');
    const variables = (
      site.template.toJSON().Resources[logicalIdOf(site, feed!.function)] as {
        Properties: { Environment: { Variables: Record<string, unknown> } };
      }
    ).Properties.Environment.Variables;
    // Assess
    expect(withSiteUrl).toEqual(['GetChangelogFeed']);
    expect(JSON.stringify(variables.SITE_URL)).toContain('DomainName');
  });

  it('runs the SPA fallback on viewer requests of the default behaviour only', () => {
    // Prepare
    const functionId = logicalIdOf(site, site.stack.site.spaFallback);
    // Act: the panel's behaviour has functions of its own (embed.test.ts).
    const others = config.CacheBehaviors.filter((behavior) => behavior.PathPattern !== '/embed/*');
    // Assess
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [functionId, 'FunctionARN'] } },
    ]);
    expect(others.every((behavior) => !behavior.FunctionAssociations)).toBe(true);
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
  });

  it('has no custom error responses, so API 404s stay JSON', () => {
    expect(config.CustomErrorResponses).toBeUndefined();
  });

  it('serves HTTP/2 and HTTP/3 from price class 100, with access logs', () => {
    expect(config).toMatchObject({ HttpVersion: 'http2and3', PriceClass: 'PriceClass_100' });
    expect(config.Logging).toMatchObject({ Prefix: 'cloudfront/' });
  });

  it("attaches the security-headers policy to every behaviour but the panel's", () => {
    // Prepare
    const policyRef = { Ref: logicalIdOf(site, site.stack.site.securityHeaders) };
    const panelRef = { Ref: logicalIdOf(site, site.stack.site.panelSecurityHeaders) };
    // Act
    const policyOf = (pattern: string) =>
      config.CacheBehaviors.find((behavior) => behavior.PathPattern === pattern)
        ?.ResponseHeadersPolicyId;
    // Assess
    expect(config.DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual(policyRef);
    expect(policyOf('/api/*')).toEqual(policyRef);
    expect(policyOf('/changelog.xml')).toEqual(policyRef);
    expect(policyOf('/embed/*')).toEqual(panelRef);
  });

  it('sends HSTS, the shared CSP, nosniff, DENY framing and the referrer policy', () => {
    expect(() =>
      site.template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
        ResponseHeadersPolicyConfig: {
          SecurityHeadersConfig: {
            StrictTransportSecurity: {
              AccessControlMaxAgeSec: STRICT_TRANSPORT_SECURITY.maxAgeSeconds,
              IncludeSubdomains: true,
              Override: true,
            },
            ContentSecurityPolicy: {
              // The login's origins hold deploy-time values (identity.test.ts checks them).
              ContentSecurityPolicy: site.stack.resolve(
                contentSecurityPolicy(cspOriginsFor(site.stack.runtimeConfig)),
              ),
              Override: true,
            },
            ContentTypeOptions: { Override: true },
            FrameOptions: { FrameOption: 'DENY', Override: true },
            ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
          },
        },
      }),
    ).not.toThrow();
  });

  it('keeps the site bucket private, encrypted, TLS-only and reachable only through OAC', () => {
    // Prepare
    const bucketId = logicalIdOf(site, site.stack.site.bucket);
    const distributionId = logicalIdOf(site, site.stack.site.distribution);
    // Assess
    site.template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [
          { ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } },
        ],
      },
      LoggingConfiguration: Match.objectLike({ LogFilePrefix: 's3-access/' }),
    });
    site.template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: bucketId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            // LIST turns a missing file into 404 rather than 403, as locally.
            Action: ['s3:GetObject', 's3:ListBucket'],
            Condition: {
              StringEquals: {
                'AWS:SourceArn': Match.objectLike({
                  'Fn::Join': Match.arrayWith([Match.arrayWith([{ Ref: distributionId }])]),
                }),
              },
            },
          }),
        ]),
      },
    });
    site.template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    expect(config.Origins[0]).toMatchObject({ OriginAccessControlId: expect.anything() });
  });

  it('uses the default certificate when no custom domain is configured', () => {
    expect(config.Aliases).toBeUndefined();
  });
});

describe('the SPA fallback function', () => {
  it("serves Home's /index.html for /", () => {
    expect(rewrite('/')).toBe('/index.html');
  });

  it.each(['/projects', '/projects/alpha', '/roadmap/x/', '/.well-known', '/apps'])(
    'serves the client route %s the shell of the routes without one of their own',
    (uri) => {
      expect(rewrite(uri)).toBe(ROUTE_SHELL_URI);
    },
  );

  it.each(['/index.html', '/assets/main-abc123.js', '/favicon.svg', '/config.json'])(
    'leaves the file %s alone',
    (uri) => {
      expect(rewrite(uri)).toBe(uri);
    },
  );

  it.each(['/', '/a/b', '/assets/x.js', '/x.', '/.env', '/a.b/c'])(
    'decides %s like the local server (extname === "")',
    (uri) => {
      expect(rewrite(uri) === clientRouteHtml(uri)).toBe(extname(uri) === '');
    },
  );
});

describe('the page shells in the SPA fallback function', () => {
  it.each(PAGE_SHELLS.flatMap((shell) => [shell.path, `${shell.path}/`]))(
    'serves %s its own shell, like the local server',
    (uri) => {
      expect(rewrite(uri)).toBe(clientRouteHtml(uri));
      expect(rewrite(uri)).toMatch(/^\/pages\/[a-z-]+\.html$/);
    },
  );

  // "Maximum size of a function: 10 KB", Quotas on CloudFront Functions:
  // https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/cloudfront-limits.html
  it("keeps the function within CloudFront Functions' 10 KB of code", () => {
    expect(Buffer.byteLength(SPA_FALLBACK_CODE, 'utf8')).toBeLessThanOrEqual(10 * 1024);
  });

  it.each(['/tracker/requests/r-123', '/features/f-1', '/trackers', '/__proto__', '/constructor'])(
    "serves the route %s, which has no shell of its own, the routes' shell",
    (uri) => {
      expect(rewrite(uri)).toBe(ROUTE_SHELL_URI);
      expect(clientRouteHtml(uri)).toBe(ROUTE_SHELL_URI);
    },
  );
});

describe('the project builds under /apps/ in the viewer-request function', () => {
  it.each([
    ['/apps/yolk-runner/', '/apps/yolk-runner/index.html'],
    ['/apps/yolk-runner/levels/', '/apps/yolk-runner/levels/index.html'],
    ['/apps/', '/apps/index.html'],
  ])('serves the directory %s its index.html (%s), not the SPA', (uri, served) => {
    expect(viewerRequest(uri)).toMatchObject({ uri: served });
  });

  it.each(['/apps/yolk-runner/index.html', '/apps/yolk-runner/game.js', '/apps/a/b/c.css'])(
    'leaves the build file %s alone',
    (uri) => {
      expect(viewerRequest(uri)).toMatchObject({ uri });
    },
  );

  it.each(['/apps/yolk-runner', '/apps/yolk-runner/levels'])(
    'redirects %s to its directory so relative links work',
    (uri) => {
      expect(viewerRequest(uri)).toEqual({
        statusCode: 301,
        statusDescription: 'Moved Permanently',
        headers: { location: { value: `${uri}/` } },
      });
    },
  );

  it.each(['/apps', '/application', '/projects/yolk-runner/'])(
    'keeps %s a client route of the SPA',
    (uri) => {
      expect(viewerRequest(uri)).toMatchObject({ uri: ROUTE_SHELL_URI });
    },
  );

  it('is the function the default behaviour runs, deployed with the code tested here', () => {
    // Prepare
    const site = synthSite();
    // Act
    const fallback = site.template.findResources('AWS::CloudFront::Function')[
      logicalIdOf(site, site.stack.site.spaFallback)
    ] as { Properties: { FunctionCode: string; FunctionConfig: { Runtime: string } } };
    // Assess
    expect(fallback.Properties.FunctionCode).toBe(SPA_FALLBACK_CODE);
    expect(fallback.Properties.FunctionCode).toContain('"/apps/"');
    expect(fallback.Properties.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
  });
});

describe('the CloudFront distribution with a custom domain and donation widget', () => {
  let site: SynthesizedSite;
  beforeAll(() => {
    site = synthSite({
      context: {
        domainName: 'hatchworks.example.com',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123',
        donationScriptUrl: 'https://tips.example.net/widget.js',
        donationAccount: 'hatchworks',
        authIssuer: 'https://login.example.com/',
        authClientId: 'spa',
      },
    });
  });

  it('serves the domain with its certificate over TLS 1.2 or newer', () => {
    expect(distributionConfig(site)).toMatchObject({
      Aliases: ['hatchworks.example.com'],
      ViewerCertificate: {
        AcmCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123',
        MinimumProtocolVersion: 'TLSv1.2_2021',
        SslSupportMethod: 'sni-only',
      },
    });
  });

  it("lets the CSP load and frame the donation widget's origin, and reach the issuer's", () => {
    expect(() =>
      site.template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
        ResponseHeadersPolicyConfig: {
          SecurityHeadersConfig: Match.objectLike({
            ContentSecurityPolicy: {
              ContentSecurityPolicy: contentSecurityPolicy({
                script: ['https://tips.example.net'],
                frame: ['https://tips.example.net', 'https://login.example.com'],
                connect: ['https://login.example.com'],
                form: ['https://login.example.com'],
              }),
              Override: true,
            },
          }),
        },
      }),
    ).not.toThrow();
  });
});
