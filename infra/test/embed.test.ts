import { extname } from 'node:path';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  EMBED_LIMITS,
  embedKeyOf,
  frameAncestors,
  POPUP_CALLBACK_PATH,
} from '@hatchworks/shared/embed';
import { clientRouteHtml } from '@hatchworks/shared/page-shells';
import {
  selects,
  type FilteredStreamRecord,
} from '@hatchworks/functions/modules/table/stream-filter';
import { AUTH_CALLBACK_PATHS } from '../aws/constructs/cognito-login';
import {
  EMBED_ORIGINS_KVS_ARN_ENV,
  EMBED_ORIGINS_STORE_ACTIONS,
  EMBED_ORIGINS_STREAM_FILTER,
} from '../aws/constructs/embed-origins';
import {
  EMBED_KEY_HEADER,
  EMBED_PAGE_URI,
  EMBED_REQUEST_CODE,
  embedResponseCode,
} from '../aws/constructs/embed-panel-functions';
import { QUOTAS, quotaMeasurements, synthesizedTemplates } from '../aws/quotas';
import { cspOriginsFor } from '../shared/csp-origins';
import {
  contentSecurityPolicy,
  securityHeaders,
  type CspOrigins,
} from '../shared/security-headers';
import { logicalIdOf, resourcesOf, synthSite, type SynthesizedSite } from './support/synth-site';

/** The site's CSP origins in the runtime tests: a donation widget and an identity provider. */
const CSP_ORIGINS: CspOrigins = {
  script: ['https://tips.example.net'],
  frame: ['https://tips.example.net', 'https://login.example.com'],
  connect: ['https://login.example.com'],
  form: ['https://login.example.com'],
};

const KVS_ID = 'a1b2c3d4-5678-90ab-cdef-EXAMPLE11111';

interface Header {
  readonly value: string;
}

interface ViewerRequest {
  uri: string;
  headers: Record<string, Header | undefined>;
}

/** Runs the viewer-request function's code on a request for `uri` (with `headers`). */
function viewerRequest(uri: string, headers: Record<string, Header> = {}): ViewerRequest {
  const sandbox: { result?: ViewerRequest } = {};
  const event = { request: { uri, headers } };
  runInNewContext(`${EMBED_REQUEST_CODE}\nresult = handler(${JSON.stringify(event)});`, sandbox);
  if (!sandbox.result) throw new Error('handler returned nothing');
  return sandbox.result;
}

/** What a test's KeyValueStore holds: origins by key, or an error every read throws. */
type FakeStore = Readonly<Record<string, string>> | Error;

const IMPORT = "import cf from 'cloudfront';\n";

/**
 * Runs the viewer-response function's code, as CloudFront Functions would, with `store` behind
 * `cf.kvs()`: a missing key rejects, as the runtime's `get` does.
 */
async function viewerResponse(
  request: ViewerRequest,
  store: FakeStore,
  responseHeaders: Record<string, Header> = {},
): Promise<{ headers: Record<string, Header | undefined>; storeIds: string[] }> {
  const code = embedResponseCode(KVS_ID, CSP_ORIGINS);
  if (!code.startsWith(IMPORT)) throw new Error('the code does not start with its import');
  const storeIds: string[] = [];
  const handle = {
    get: (key: string) =>
      store instanceof Error
        ? Promise.reject(store)
        : key in store
          ? Promise.resolve(store[key])
          : Promise.reject(new Error(`The key ${key} is not found`)),
  };
  const sandbox: { result?: Promise<{ headers: Record<string, Header> }>; cf: unknown } = {
    cf: {
      kvs: (id: string) => {
        storeIds.push(id);
        return handle;
      },
    },
  };
  const event = { request, response: { statusCode: 200, headers: responseHeaders } };
  runInNewContext(
    `${code.slice(IMPORT.length)}\nresult = handler(${JSON.stringify(event)});`,
    sandbox,
  );
  const response = await sandbox.result;
  if (!response) throw new Error('handler returned nothing');
  return { headers: response.headers, storeIds };
}

/** The panel's request for `uri` as the viewer-response event may hold it: the viewer's own. */
const asSent = (uri: string): ViewerRequest => ({ uri, headers: {} });

const panelCsp = (origins: readonly string[]) =>
  contentSecurityPolicy(CSP_ORIGINS, frameAncestors(origins));

describe('the viewer-request function of /embed/*', () => {
  const paths = [
    '/embed/yolk-runner',
    '/embed/yolk-runner/',
    '/embed/01HXYZABCDEFGHJKMNPQRSTVWX',
    '/embed/%41bc',
    `/embed/${'a'.repeat(64)}`,
    '/embed/-',
    '/embed/',
    '/embed//',
    '/embed/a/b',
    '/embed/a%2Fb',
    '/embed/%E0%A4%A',
    '/embed/caf%C3%A9',
    '/embed/a_b',
    `/embed/${'a'.repeat(65)}`,
    '/embed/a.js',
    '/embed/a.',
  ];

  it.each(paths)('finds the key of %s as embedKeyOf does', (uri) => {
    // Act
    const request = viewerRequest(uri);
    // Assess
    expect(request.headers[EMBED_KEY_HEADER]?.value).toBe(embedKeyOf(uri));
  });

  it.each(paths.filter((uri) => embedKeyOf(uri) !== undefined))(
    'serves %s the panel page, the one object every key shares',
    (uri) => {
      expect(viewerRequest(uri).uri).toBe(EMBED_PAGE_URI);
    },
  );

  it.each(paths.filter((uri) => embedKeyOf(uri) === undefined))(
    'serves %s, which names no panel, what the local server does',
    (uri) => {
      // Act
      const served = viewerRequest(uri).uri;
      // Assess: the route shell for a client route, the file (S3 answers 404) otherwise.
      expect(served).toBe(extname(uri) === '' ? clientRouteHtml(uri) : uri);
    },
  );

  it.each(['/embed/yolk-runner', '/embed/a/b'])("drops a viewer's own key header on %s", (uri) => {
    // Act
    const request = viewerRequest(uri, { [EMBED_KEY_HEADER]: { value: 'another-project' } });
    // Assess
    expect(request.headers[EMBED_KEY_HEADER]?.value).toBe(embedKeyOf(uri));
  });
});

describe('the viewer-response function of /embed/*', () => {
  const store = {
    'yolk-runner': 'https://yolk.example.com https://play.example.org',
    '01HXYZABCDEFGHJKMNPQRSTVWX': 'https://yolk.example.com https://play.example.org',
    'egg-drop': 'http://localhost:5173',
  };

  /** The request as the viewer-request function hands it on. */
  const forwarded = (uri: string) => viewerRequest(uri);

  it('reads the store it was built with', async () => {
    // Act
    const { storeIds } = await viewerResponse(forwarded('/embed/yolk-runner'), store);
    // Assess
    expect(storeIds).toEqual([KVS_ID]);
  });

  it.each([
    ['yolk-runner', ['https://yolk.example.com', 'https://play.example.org']],
    ['01HXYZABCDEFGHJKMNPQRSTVWX', ['https://yolk.example.com', 'https://play.example.org']],
    ['egg-drop', ['http://localhost:5173']],
  ])('lets the site and the origins of %s frame its panel, exactly', async (key, origins) => {
    // Act
    const { headers } = await viewerResponse(forwarded(`/embed/${key}`), store);
    // Assess
    expect(headers['content-security-policy']?.value).toBe(panelCsp(origins));
  });

  it('answers the same whichever request the event holds, the forwarded or the sent one', async () => {
    // Act
    const fromForwarded = await viewerResponse(forwarded('/embed/egg-drop/'), store);
    const fromSent = await viewerResponse(asSent('/embed/egg-drop/'), store);
    // Assess
    expect(fromSent.headers).toEqual(fromForwarded.headers);
  });

  it("never names another key's origins (a cached page answers each key its own)", async () => {
    // Act: the same page object for both keys, one after the other.
    const first = await viewerResponse(forwarded('/embed/egg-drop'), store);
    const second = await viewerResponse(forwarded('/embed/yolk-runner'), store);
    const third = await viewerResponse(forwarded('/embed/egg-drop'), store);
    // Assess
    expect(first.headers['content-security-policy']?.value).not.toContain('yolk.example.com');
    expect(second.headers['content-security-policy']?.value).not.toContain('localhost');
    expect(third.headers).toEqual(first.headers);
  });

  it.each([
    ['a key the store does not hold', store],
    ['a store that cannot be read', new Error('KVS unavailable')],
    [
      'a value that is no list of origins',
      { 'yolk-runner': "https://a.example; script-src 'unsafe-inline'" },
    ],
    ['a value with a line break', { 'yolk-runner': 'https://a.example\r\nx-evil: 1' }],
  ] as const)('lets only the site frame the panel for %s', async (_case, given) => {
    // Act
    const key = given === store ? 'unknown-project' : 'yolk-runner';
    const { headers } = await viewerResponse(forwarded(`/embed/${key}`), given);
    // Assess
    expect(headers['content-security-policy']?.value).toBe(panelCsp([]));
  });

  it('sends no X-Frame-Options with a panel, whatever the origin sent', async () => {
    // Act
    const { headers } = await viewerResponse(forwarded('/embed/yolk-runner'), store, {
      'x-frame-options': { value: 'DENY' },
      'cache-control': { value: 'no-cache' },
    });
    // Assess
    expect(headers['x-frame-options']).toBeUndefined();
    expect(headers['cache-control']).toEqual({ value: 'no-cache' });
  });

  it.each([
    ['the route shell of a path that names no panel', forwarded('/embed/a/b')],
    ['the route shell, as the viewer sent it', asSent('/embed/a/b')],
    [
      "a viewer's own key header on such a path",
      { uri: '/embed/a/b', headers: { [EMBED_KEY_HEADER]: { value: 'yolk-runner' } } },
    ],
  ])('lets nobody frame %s, as every other page', async (_case, request) => {
    // Act
    const { headers } = await viewerResponse(request, store);
    // Assess: the default behaviour's headers.
    const site = securityHeaders(CSP_ORIGINS, { https: true });
    expect(headers['content-security-policy']?.value).toBe(site['content-security-policy']);
    expect(headers['x-frame-options']?.value).toBe(site['x-frame-options']);
  });
});

describe('the /embed/* behaviour of the distribution', () => {
  let site: SynthesizedSite;
  beforeAll(() => {
    site = synthSite();
  });

  interface Behavior {
    readonly PathPattern?: string;
    readonly TargetOriginId?: string;
    readonly CachePolicyId?: string;
    readonly AllowedMethods?: string[];
    readonly FunctionAssociations?: { EventType: string; FunctionARN: unknown }[];
    readonly ResponseHeadersPolicyId?: unknown;
    readonly ViewerProtocolPolicy?: string;
  }

  const config = () =>
    (
      Object.values(resourcesOf(site)).find(
        (resource) => resource.Type === 'AWS::CloudFront::Distribution',
      )?.Properties as {
        DistributionConfig: { DefaultCacheBehavior: Behavior; CacheBehaviors: Behavior[] };
      }
    ).DistributionConfig;
  const panel = () =>
    config().CacheBehaviors.find((behavior) => behavior.PathPattern === '/embed/*');
  const resource = (construct: { node: { defaultChild?: unknown } }) =>
    resourcesOf(site)[logicalIdOf(site, construct)];

  it("serves the panel from the site's bucket, GET and HEAD only, cached like the SPA", () => {
    expect(panel()).toMatchObject({
      TargetOriginId: config().DefaultCacheBehavior.TargetOriginId,
      CachePolicyId: config().DefaultCacheBehavior.CachePolicyId,
      ViewerProtocolPolicy: 'redirect-to-https',
    });
    expect(panel()?.AllowedMethods).toBeUndefined();
  });

  it('runs the request function on viewer requests and the response function on responses', () => {
    expect(panel()?.FunctionAssociations).toEqual([
      {
        EventType: 'viewer-request',
        FunctionARN: {
          'Fn::GetAtt': [logicalIdOf(site, site.stack.site.embedRequest), 'FunctionARN'],
        },
      },
      {
        EventType: 'viewer-response',
        FunctionARN: {
          'Fn::GetAtt': [logicalIdOf(site, site.stack.site.embedResponse), 'FunctionARN'],
        },
      },
    ]);
  });

  it('deploys the request function tested here, with no store', () => {
    expect(resource(site.stack.site.embedRequest)?.Properties).toMatchObject({
      FunctionCode: EMBED_REQUEST_CODE,
      FunctionConfig: { Runtime: 'cloudfront-js-2.0' },
    });
    expect(
      (
        resource(site.stack.site.embedRequest)?.Properties?.FunctionConfig as Record<
          string,
          unknown
        >
      ).KeyValueStoreAssociations,
    ).toBeUndefined();
  });

  it("deploys the response function tested here, with the site's CSP and the store's id", () => {
    // Prepare
    const store = site.stack.embedOrigins.store;
    // Act
    const properties = resource(site.stack.site.embedResponse)?.Properties;
    // Assess
    expect(properties?.FunctionCode).toEqual(
      site.stack.resolve(
        embedResponseCode(store.keyValueStoreId, cspOriginsFor(site.stack.runtimeConfig)),
      ),
    );
    expect(properties?.FunctionConfig).toEqual({
      Comment: expect.any(String),
      Runtime: 'cloudfront-js-2.0',
      KeyValueStoreAssociations: [
        { KeyValueStoreARN: { 'Fn::GetAtt': [logicalIdOf(site, store), 'Arn'] } },
      ],
    });
  });

  it("keeps every security header but framing in the panel's policy, for the function to set", () => {
    // Act
    const policy = resource(site.stack.site.panelSecurityHeaders)?.Properties
      ?.ResponseHeadersPolicyConfig as Record<string, unknown>;
    // Assess
    expect(panel()?.ResponseHeadersPolicyId).toEqual({
      Ref: logicalIdOf(site, site.stack.site.panelSecurityHeaders),
    });
    expect(Object.keys(policy.SecurityHeadersConfig as object).sort()).toEqual([
      'ContentTypeOptions',
      'ReferrerPolicy',
      'StrictTransportSecurity',
    ]);
    expect(policy.CustomHeadersConfig).toBeUndefined();
  });

  // "Maximum size of a function: 10 KB", Quotas on CloudFront Functions:
  // https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/cloudfront-limits.html
  it.each([
    ['Cognito', {}],
    [
      'a donation widget, an external issuer and an own domain',
      {
        donationScriptUrl: 'https://tips.example.net/widget.js',
        donationAccount: 'hatchworks',
        authIssuer: 'https://login.example.com/',
        authClientId: 'spa',
        domainName: 'hatchworks.example.com',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123',
      },
    ],
  ])('keeps each CloudFront function within the 10 KB quota (%s)', (_case, context) => {
    // Act: deploy-time values (the store's id) counted at their longest.
    const sizes = quotaMeasurements(synthesizedTemplates(synthSite({ context }).app)).filter(
      (measurement) => measurement.quota === 'cloudFrontFunctionSize',
    );
    // Assess
    expect(sizes).toHaveLength(3);
    expect(sizes.filter((size) => size.found > QUOTAS.cloudFrontFunctionSize.limit)).toEqual([]);
  });
});

describe('the KeyValueStore of the panel origins', () => {
  // Keys up to 512 and values up to 1,024 characters ("File format for key-value pairs";
  // "Quotas on key value stores"):
  // https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/kvs-with-functions-create-s3-kvp.html
  // https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/cloudfront-limits.html
  it('fits the most origins a project may have in one value (1 KB), as the function joins them', () => {
    // Prepare: the longest origin the limits allow, as many as they allow.
    const origin = `https://${'a'.repeat(EMBED_LIMITS.originLength - 'https://'.length)}`;
    // Act
    const value = Array.from({ length: EMBED_LIMITS.origins }, () => origin).join(' ');
    // Assess
    expect(Buffer.byteLength(value)).toBeLessThanOrEqual(1024);
  });

  it('fits every key it holds in 512 bytes: panel keys and the published slugs', () => {
    // Act
    // A panel key is at most 64 characters (embedKeyOf); the sync's own record of a project's
    // slug is `slug:<id>` (functions/test/unit/embed-origins.test.ts).
    const longest = ['a'.repeat(64), 'slug:01HXYZABCDEFGHJKMNPQRSTVWX'];
    // Assess
    for (const key of longest) expect(Buffer.byteLength(key)).toBeLessThanOrEqual(512);
  });
});

describe("the embed origins' publisher", () => {
  let site: SynthesizedSite;
  beforeAll(() => {
    site = synthSite();
  });

  const roleStatements = (construct: { node: { defaultChild?: unknown } }) => {
    const role = resourcesOf(site)[logicalIdOf(site, construct)];
    const [policy] = role?.Properties?.Policies as {
      PolicyDocument: {
        Statement: { Effect: string; Action: string | string[]; Resource: unknown }[];
      };
    }[];
    return policy?.PolicyDocument.Statement ?? [];
  };
  const actions = (statement: { Action: string | string[] }) => [statement.Action].flat();
  const TABLE_WRITES = [
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
  ];

  it('reads the stream changes of project items only, with retries, item failures and a DLQ', () => {
    // Act
    const mappings = Object.values(
      site.template.findResources('AWS::Lambda::EventSourceMapping', {
        Properties: {
          FunctionName: { Ref: logicalIdOf(site, site.stack.embedOrigins.handler.function) },
        },
      }),
    ) as { Properties: Record<string, unknown> }[];
    // Assess
    expect(mappings).toHaveLength(1);
    expect(mappings[0]?.Properties).toMatchObject({
      StartingPosition: 'LATEST',
      BatchSize: 10,
      MaximumRetryAttempts: 3,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: {
        OnFailure: {
          Destination: {
            'Fn::GetAtt': [logicalIdOf(site, site.stack.tableStream.deadLetters), 'Arn'],
          },
        },
      },
    });
    const patterns = (
      mappings[0]?.Properties.FilterCriteria as { Filters: { Pattern: string }[] }
    ).Filters.map((filter) => JSON.parse(filter.Pattern) as unknown);
    expect(patterns).toEqual([
      {
        eventName: ['INSERT', 'MODIFY', 'REMOVE'],
        dynamodb: { Keys: { PK: { S: [{ prefix: 'PROJECT#' }] }, SK: { S: ['PROJECT'] } } },
      },
    ]);
  });

  const record = (eventName: string, PK: string, SK: string): FilteredStreamRecord => ({
    eventName,
    dynamodb: { Keys: { PK: { S: PK }, SK: { S: SK } } },
  });

  it.each([
    [record('INSERT', 'PROJECT#01HX', 'PROJECT'), true],
    [record('MODIFY', 'PROJECT#01HX', 'PROJECT'), true],
    [record('REMOVE', 'PROJECT#01HX', 'PROJECT'), true],
    [record('INSERT', 'PROJECT#01HX', 'FEATURE#f1'), false],
    [record('MODIFY', 'PROJECT_GROUP#games', 'PROJECT'), false],
    [record('MODIFY', 'COUNTER', 'PROJECTS'), false],
  ])('selects %j: %s (the function takes the same ones: its unit test)', (given, selected) => {
    expect(selects(EMBED_ORIGINS_STREAM_FILTER, given)).toBe(selected);
  });

  it('names the store in the environment the function reads', () => {
    // Act
    const fn = resourcesOf(site)[logicalIdOf(site, site.stack.embedOrigins.handler.function)];
    const variables = (fn?.Properties?.Environment as { Variables: Record<string, unknown> })
      .Variables;
    // Assess
    expect(variables[EMBED_ORIGINS_KVS_ARN_ENV]).toEqual({
      'Fn::GetAtt': [logicalIdOf(site, site.stack.embedOrigins.store), 'Arn'],
    });
  });

  it('may read and write that one store, read the table, and nothing else of either', () => {
    // Act
    const statements = roleStatements(site.stack.embedOrigins.handler.role).filter(
      (statement) => statement.Effect === 'Allow',
    );
    const store = statements.filter((statement) =>
      actions(statement).some((action) => action.startsWith('cloudfront')),
    );
    const table = statements.filter((statement) =>
      actions(statement).some(
        (action) => action.startsWith('dynamodb:') && action !== 'dynamodb:ListStreams',
      ),
    );
    // Assess
    expect(store).toEqual([
      {
        Effect: 'Allow',
        Action: [...EMBED_ORIGINS_STORE_ACTIONS],
        Resource: { 'Fn::GetAtt': [logicalIdOf(site, site.stack.embedOrigins.store), 'Arn'] },
      },
    ]);
    expect(table.flatMap(actions).filter((action) => TABLE_WRITES.includes(action))).toEqual([]);
    expect(
      statements
        .filter((statement) => statement.Resource === '*')
        .flatMap(actions)
        .sort(),
    ).toEqual(['dynamodb:ListStreams', 'xray:PutTelemetryRecords', 'xray:PutTraceSegments']);
  });

  it('is the only function that may touch the store', () => {
    // Act
    const roles = Object.entries(resourcesOf(site)).filter(
      ([id, resource]) =>
        resource.Type === 'AWS::IAM::Role' &&
        JSON.stringify(resource.Properties).includes('cloudfront-keyvaluestore') &&
        id !== logicalIdOf(site, site.stack.embedOrigins.handler.role),
    );
    // Assess
    expect(roles.map(([id]) => id)).toEqual([]);
  });
});

describe('the sign-in popup of the panel', () => {
  it('is a callback Cognito may send the browser back to', () => {
    expect(AUTH_CALLBACK_PATHS).toContain(POPUP_CALLBACK_PATH);
  });
});
