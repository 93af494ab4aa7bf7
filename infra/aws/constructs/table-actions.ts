import type { TableAccess } from '@hatchworks/shared/routes';

/**
 * The DynamoDB actions behind each `table` access level of the manifest. Explicit rather than
 * `grantReadData`/`grantWriteData`: those include Scan (never allowed on a request path,
 * docs/architecture.md) and stream reads (no stream), and the write set lacks ConditionCheckItem,
 * which a TransactWriteItems with a condition-check item needs. Transactions and batches have
 * no actions of their own: IAM checks each item's action.
 */
export const TABLE_ACTIONS = {
  none: [],
  read: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:ConditionCheckItem',
  ],
  write: [
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
    'dynamodb:ConditionCheckItem',
  ],
  readwrite: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
    'dynamodb:ConditionCheckItem',
  ],
} as const satisfies Record<TableAccess, readonly string[]>;
