import { Duration } from 'aws-cdk-lib';
import { KeyValueStore } from 'aws-cdk-lib/aws-cloudfront';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { projectKeys } from '@hatchworks/functions/modules/table/keys';
import type { TableStreamFilter } from '@hatchworks/functions/modules/table/stream-filter';
import { functionEntry } from '../paths';
import { AppFunction } from './app-function';
import { consumeTableStream } from './table-stream-source';

const PROJECT_ITEM = projectKeys.item('');

/** Every change of a project's main item (its other items hold no origins). */
export const EMBED_ORIGINS_STREAM_FILTER: TableStreamFilter = {
  eventName: ['INSERT', 'MODIFY', 'REMOVE'],
  partitionKeyPrefix: PROJECT_ITEM.PK,
  sortKey: PROJECT_ITEM.SK,
};

/**
 * What the sync function may do to the store: read its version and keys, and write them all at
 * once (`UpdateKeys`, with the version it read), on this one store.
 * https://docs.aws.amazon.com/service-authorization/latest/reference/list_amazoncloudfrontkeyvaluestore.html
 */
export const EMBED_ORIGINS_STORE_ACTIONS = [
  'cloudfront-keyvaluestore:DescribeKeyValueStore',
  'cloudfront-keyvaluestore:GetKey',
  'cloudfront-keyvaluestore:ListKeys',
  'cloudfront-keyvaluestore:UpdateKeys',
] as const;

/** Where the function reads the store's ARN (`KVS_ARN_ENV` of functions/src/triggers/embed-origins.ts). */
export const EMBED_ORIGINS_KVS_ARN_ENV = 'EMBED_ORIGINS_KVS_ARN';

export interface EmbedOriginsProps {
  readonly table: ITable;
  /** Log settings shared by every function. */
  readonly environment: Readonly<Record<string, string>>;
  /** Where the stream's records go that failed every retry (the table stream's queue). */
  readonly deadLetters: IQueue;
}

/**
 * The origins that may frame each project's feedback panel, where CloudFront reads them: a
 * KeyValueStore (key: a panel key, the project's slug or id; value: its origins joined by
 * spaces), kept in step with the table by `functions/src/triggers/embed-origins.ts`, the table
 * stream's second reader. Its own reader rather than a concern of the table stream's function:
 * the store's SigV4A client and write grant stay out of the function that holds the credential
 * items and sends mail, and neither holds the other's records back when it fails. DynamoDB
 * Streams takes two readers of a shard, so this uses the last one
 * (https://docs.aws.amazon.com/lambda/latest/dg/with-ddb.html).
 */
export class EmbedOrigins extends Construct {
  readonly store: KeyValueStore;
  readonly handler: AppFunction;

  constructor(scope: Construct, id: string, props: EmbedOriginsProps) {
    super(scope, id);
    // Derived from the table alone: a new store is filled again by a resync (README).
    this.store = new KeyValueStore(this, 'Store', {
      comment: 'Origins that may frame each project feedback panel (/embed/<key>)',
    });
    this.handler = new AppFunction(this, 'Function', {
      spec: {
        id: 'EmbedOrigins',
        description: 'Publishes the origins that may frame each project panel to CloudFront',
        entry: functionEntry('triggers/embed-origins'),
        table: 'read',
        // A batch of ten projects, each a few reads and one write, with retries on conflicts.
        timeout: Duration.seconds(30),
      },
      table: props.table,
      environment: {
        ...props.environment,
        [EMBED_ORIGINS_KVS_ARN_ENV]: this.store.keyValueStoreArn,
      },
    });
    this.handler.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: [...EMBED_ORIGINS_STORE_ACTIONS],
        resources: [this.store.keyValueStoreArn],
      }),
    );
    consumeTableStream(this.handler, props.table, [EMBED_ORIGINS_STREAM_FILTER], props.deadLetters);
  }
}
