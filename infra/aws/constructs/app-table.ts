import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import {
  AttributeType,
  BillingMode,
  StreamViewType,
  Table,
  type ITable,
} from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import type { ExistingTable } from '../config/site-context';
import { TABLE_DEFINITION } from '@hatchworks/functions/modules/table/table-definition';

const stringKey = (name: string) => ({ name, type: AttributeType.STRING });

/**
 * The product's single table, built from `TABLE_DEFINITION` (the same declaration the local
 * bootstrap uses). It holds every balance and ledger entry, so it is guarded against loss:
 * point-in-time recovery, deletion protection, and retained when the stack goes away. Its stream
 * (keys only) feeds the table stream's function.
 */
export class AppTable extends Construct {
  readonly table: ITable;

  /**
   * `protect` (prod, the default) keeps the guards above; without it (dev) the table has no
   * point-in-time recovery and goes with the stack: cheap and disposable.
   */
  constructor(
    scope: Construct,
    id: string,
    props: { readonly protect?: boolean; readonly existing?: ExistingTable } = {},
  ) {
    super(scope, id);
    const protect = props.protect ?? true;
    if (props.existing) {
      // A table restored to a point in time: the stack only uses it (its guards, stream and TTL
      // are the operator's to set, docs/operations.md); the table the stack made stays (Retain).
      this.table = Table.fromTableAttributes(this, 'Table', {
        tableName: props.existing.tableName,
        tableStreamArn: props.existing.tableStreamArn,
        grantIndexPermissions: true,
      });
      return;
    }
    const table = new Table(this, 'Table', {
      partitionKey: stringKey(TABLE_DEFINITION.partitionKey),
      sortKey: stringKey(TABLE_DEFINITION.sortKey),
      // Traffic is spiky and small; on-demand costs nothing when idle and needs no capacity plan.
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: protect },
      deletionProtection: protect,
      timeToLiveAttribute: TABLE_DEFINITION.ttlAttribute,
      removalPolicy: protect ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      // Keys only: the stream's reader reads what it needs from the table (table-definition.ts).
      stream: StreamViewType[TABLE_DEFINITION.streamView],
    });
    for (const index of TABLE_DEFINITION.globalIndexes) {
      table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: stringKey(index.partitionKey),
        sortKey: stringKey(index.sortKey),
      });
    }
    this.table = table;
    if (!protect) {
      Validations.of(table).acknowledge({
        id: 'AwsSolutions-DDB3',
        reason:
          'A dev stage holds throwaway data and goes with its stack: point-in-time recovery ' +
          '(billed per GB-month) is for prod, whose table keeps it.',
      });
    }
  }
}
