import { beforeAll, describe, expect, it } from 'vitest';
import { TABLE_DEFINITION } from '@hatchworks/functions/modules/table/table-definition';
import { synthSite, type SynthesizedSite } from './support/synth-site';

describe('the DynamoDB table on AWS', () => {
  let site: SynthesizedSite;
  beforeAll(() => {
    site = synthSite();
  });

  it('is the only table, keyed PK/SK as the table definition says', () => {
    // Act
    const tables = site.template.findResources('AWS::DynamoDB::Table');
    // Assess
    expect(Object.keys(tables)).toHaveLength(1);
    site.template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: TABLE_DEFINITION.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_DEFINITION.sortKey, KeyType: 'RANGE' },
      ],
    });
  });

  it('declares the GSIs of the table definition with string keys', () => {
    // Prepare
    const expected = TABLE_DEFINITION.globalIndexes.map((index) => ({
      IndexName: index.indexName,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' },
        { AttributeName: index.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    }));
    const keyAttributes = [
      TABLE_DEFINITION.partitionKey,
      TABLE_DEFINITION.sortKey,
      ...TABLE_DEFINITION.globalIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
    ].map((name) => ({ AttributeName: name, AttributeType: 'S' }));
    // Act
    const [table] = Object.values(site.template.findResources('AWS::DynamoDB::Table'));
    const properties = (table as { Properties: Record<string, unknown> }).Properties;
    // Assess
    expect(expected).toHaveLength(5);
    expect(properties.GlobalSecondaryIndexes).toEqual(expected);
    expect(properties.AttributeDefinitions).toEqual(expect.arrayContaining(keyAttributes));
  });

  it('expires items through the TTL attribute', () => {
    expect(() =>
      site.template.hasResourceProperties('AWS::DynamoDB::Table', {
        TimeToLiveSpecification: { AttributeName: TABLE_DEFINITION.ttlAttribute, Enabled: true },
      }),
    ).not.toThrow();
  });

  it('bills on demand, with point-in-time recovery and deletion protection', () => {
    expect(() =>
      site.template.hasResourceProperties('AWS::DynamoDB::Table', {
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        DeletionProtectionEnabled: true,
      }),
    ).not.toThrow();
  });

  it('is retained when the stack is deleted or the table replaced', () => {
    expect(() =>
      site.template.hasResource('AWS::DynamoDB::Table', {
        DeletionPolicy: 'Retain',
        UpdateReplacePolicy: 'Retain',
      }),
    ).not.toThrow();
  });
});
