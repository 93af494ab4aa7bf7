import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type RouteDefinition } from '@hatchworks/shared/routes';
import { statementsOfRole, type StatementJson } from './support/iam';
import { logicalIdOf, synthSite, type SynthesizedSite } from './support/synth-site';

/** The search index: its bucket, its stream consumer and who may read the snapshot. */
let site: SynthesizedSite;

beforeAll(() => {
  site = synthSite();
});

const bucketId = () => logicalIdOf(site, site.stack.search.bucket);
const s3Statements = (statements: readonly StatementJson[]) =>
  statements.filter((statement) =>
    [statement.Action].flat().some((action) => action.startsWith('s3:')),
  );
const actionsOf = (statements: readonly StatementJson[]) =>
  [...new Set(statements.flatMap((statement) => [statement.Action].flat()))].sort();
const routeRole = (route: RouteDefinition) =>
  logicalIdOf(site, site.stack.api.functions.get(route.id)!.role);
const searchRoutes = (ROUTES as readonly RouteDefinition[]).filter((route) => route.searchIndex);

describe('the search index on AWS', () => {
  it('keeps the snapshot in a private, encrypted bucket reached over TLS only', () => {
    // Assess
    expect(site.template.findResources('AWS::S3::Bucket')).toHaveProperty(bucketId());
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
    });
    site.template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: bucketId() },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
  });

  it("is patched by the table stream's function, fed the changes of the three kinds of request", () => {
    // Act
    const readerId = logicalIdOf(site, site.stack.tableStream.handler.function);
    const mappings = Object.values(
      site.template.findResources('AWS::Lambda::EventSourceMapping', {
        Properties: { FunctionName: { Ref: readerId }, StartingPosition: 'LATEST' },
      }),
    ) as { Properties: { FilterCriteria: { Filters: { Pattern: string }[] } } }[];

    // Assess
    expect(mappings).toHaveLength(1);
    const patterns = mappings[0]!.Properties.FilterCriteria.Filters.map(
      (filter) => JSON.parse(filter.Pattern) as unknown,
    );
    expect(patterns).toEqual(
      expect.arrayContaining(
        [
          ['FEATURE#', 'FEATURE'],
          ['TRACKER_REQUEST#', 'REQUEST'],
          ['TRACKER_SUGGESTION#', 'SUGGESTION'],
        ].map(([prefix, sortKey]) => ({
          eventName: ['INSERT', 'MODIFY', 'REMOVE'],
          dynamodb: { Keys: { PK: { S: [{ prefix }] }, SK: { S: [sortKey] } } },
        })),
      ),
    );
    site.template.hasResourceProperties('AWS::Lambda::Function', {
      FunctionName: Match.absent(),
      Environment: {
        Variables: Match.objectLike({ SEARCH_SNAPSHOT_BUCKET: { Ref: bucketId() } }),
      },
      MemorySize: 1024,
    });
    const statements = s3Statements(
      statementsOfRole(site.template, logicalIdOf(site, site.stack.tableStream.handler.role)),
    );
    expect(actionsOf(statements)).toEqual(['s3:GetObject', 's3:ListBucket', 's3:PutObject']);
    expect(JSON.stringify(statements)).toContain('/search/index.json');
  });

  it('lets the search routes read the snapshot, and nothing more', () => {
    // Assess
    expect(searchRoutes.map((route) => route.id).sort()).toEqual([
      'ListFeatures',
      'ListProjectSuggestions',
      'ListTrackerFeatureRequests',
      'SearchSimilar',
    ]);
    for (const route of searchRoutes) {
      const statements = s3Statements(statementsOfRole(site.template, routeRole(route)));
      expect({ route: route.id, actions: actionsOf(statements) }).toEqual({
        route: route.id,
        actions: ['s3:GetObject', 's3:ListBucket'],
      });
      const fn = site.template.toJSON().Resources[
        logicalIdOf(site, site.stack.api.functions.get(route.id)!.function)
      ] as { Properties: { Environment: { Variables: Record<string, unknown> } } };
      expect(fn.Properties.Environment.Variables.SEARCH_SNAPSHOT_BUCKET).toEqual({
        Ref: bucketId(),
      });
    }
  });

  it('gives no other route any access to the bucket', () => {
    // Assess
    for (const route of ROUTES as readonly RouteDefinition[]) {
      if (route.searchIndex) continue;
      const statements = s3Statements(statementsOfRole(site.template, routeRole(route)));
      expect({ route: route.id, statements }).toEqual({ route: route.id, statements: [] });
    }
  });
});
