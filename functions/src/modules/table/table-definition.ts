/**
 * The single table, declared once. The CDK stack and the local bootstrap both build the table from
 * this definition. Every key attribute is a string; numbers that must sort are zero-padded.
 *
 * Overloaded GSIs, declared together before the first deployment: CloudFormation can add only one
 * GSI per table update afterwards. Each module's README.md shows what its entities write to them.
 */
export const TABLE_DEFINITION = {
  partitionKey: 'PK',
  sortKey: 'SK',
  globalIndexes: [
    { indexName: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    { indexName: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
    { indexName: 'GSI3', partitionKey: 'GSI3PK', sortKey: 'GSI3SK' },
    { indexName: 'GSI4', partitionKey: 'GSI4PK', sortKey: 'GSI4SK' },
    { indexName: 'GSI5', partitionKey: 'GSI5PK', sortKey: 'GSI5SK' },
  ],
  /** Epoch seconds after which DynamoDB may delete an item (rate-limit windows, etc.). */
  ttlAttribute: 'expires_at',
  /**
   * The table's change stream carries keys only: whoever reads it (the stream's function) reads no
   * balance, address or password hash from it, and asks the table for what it needs.
   */
  streamView: 'KEYS_ONLY',
} as const;

export type IndexName = (typeof TABLE_DEFINITION.globalIndexes)[number]['indexName'];

/** Every key attribute of the table and its indexes, for cursor validation. */
export const KEY_ATTRIBUTES: readonly string[] = [
  TABLE_DEFINITION.partitionKey,
  TABLE_DEFINITION.sortKey,
  ...TABLE_DEFINITION.globalIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
];
