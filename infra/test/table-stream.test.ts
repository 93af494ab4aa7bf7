import { describe, expect, it } from 'vitest';
import { MAIL_STREAM_FILTER } from '@hatchworks/functions/modules/mail/mail-requests';
import { NOTIFICATION_STREAM_FILTER } from '@hatchworks/functions/modules/notifications/notification-events';
import { SEARCH_STREAM_FILTERS } from '@hatchworks/functions/modules/search/stream-filter';
import type { TableStreamFilter } from '@hatchworks/functions/modules/table/stream-filter';
import { MAX_STREAM_FILTERS } from '../aws/constructs/table-stream-source';
import { logicalIdOf, resourcesOf, synthSite, type SynthesizedSite } from './support/synth-site';

/**
 * The concerns of the table stream's function (`STREAM_CONCERNS`, whose filters a unit test
 * matches against these: functions/test/unit/table-stream.test.ts).
 */
const CONCERN_FILTERS: readonly (readonly [string, readonly TableStreamFilter[]])[] = [
  ['mail', [MAIL_STREAM_FILTER]],
  ['notifications', [NOTIFICATION_STREAM_FILTER]],
  ['search', SEARCH_STREAM_FILTERS],
];

/**
 * The table's stream has two readers, the most DynamoDB Streams takes before it throttles
 * (https://docs.aws.amazon.com/lambda/latest/dg/with-ddb.html, "Concurrent readers of a shard in
 * DynamoDB Streams"): the table stream's function, whose concerns share one mapping, and the
 * publisher of the panels' origins (embed.test.ts).
 */

interface FilterPattern {
  readonly eventName: readonly string[];
  readonly dynamodb: {
    readonly Keys: {
      readonly PK: { readonly S: readonly { readonly prefix: string }[] };
      readonly SK?: { readonly S: readonly string[] };
    };
  };
}

/** The event source mappings reading the site's table stream. */
function streamMappings(site: SynthesizedSite) {
  const streamArn = site.stack.resolve(site.stack.table.table.tableStreamArn) as unknown;
  return Object.values(resourcesOf(site)).filter(
    (resource) =>
      resource.Type === 'AWS::Lambda::EventSourceMapping' &&
      JSON.stringify(resource.Properties?.EventSourceArn) === JSON.stringify(streamArn),
  );
}

/** The table stream function's mapping. */
const concernsMapping = (site: SynthesizedSite) =>
  streamMappings(site).find(
    (mapping) =>
      JSON.stringify(mapping.Properties?.FunctionName) ===
      JSON.stringify({ Ref: logicalIdOf(site, site.stack.tableStream.handler.function) }),
  );

/** Whether a pattern selects every record `filter` selects. */
const covers = (pattern: FilterPattern, filter: TableStreamFilter) => {
  const names: readonly string[] =
    typeof filter.eventName === 'string' ? [filter.eventName] : filter.eventName;
  const { PK, SK } = pattern.dynamodb.Keys;
  return (
    names.every((name) => pattern.eventName.includes(name)) &&
    PK.S.some((rule) => rule.prefix === filter.partitionKeyPrefix) &&
    (SK === undefined || (filter.sortKey !== undefined && SK.S.includes(filter.sortKey)))
  );
};

describe.each([
  ['prod', {}],
  ['dev', { context: { stage: 'dev' } }],
])('the table stream (%s)', (_stage, options) => {
  it("has two readers: the table stream function's one mapping and the embed origins'", () => {
    // Act
    const site = synthSite(options);
    const mappings = streamMappings(site);
    // Assess
    expect(mappings.map((mapping) => mapping.Properties?.FunctionName)).toEqual(
      expect.arrayContaining([
        { Ref: logicalIdOf(site, site.stack.tableStream.handler.function) },
        { Ref: logicalIdOf(site, site.stack.embedOrigins.handler.function) },
      ]),
    );
    expect(mappings).toHaveLength(2);
  });

  it.each(CONCERN_FILTERS)('feeds it every record the %s concern takes', (_name, filters) => {
    // Prepare
    const mapping = concernsMapping(synthSite(options));
    const patterns = (
      mapping?.Properties?.FilterCriteria as { Filters: { Pattern: string }[] }
    ).Filters.map((filter) => JSON.parse(filter.Pattern) as FilterPattern);
    // Act
    const uncovered = filters.filter(
      (filter) => !patterns.some((pattern) => covers(pattern, filter)),
    );
    // Assess
    expect(uncovered).toEqual([]);
    expect(patterns.length).toBeLessThanOrEqual(MAX_STREAM_FILTERS);
  });
});
