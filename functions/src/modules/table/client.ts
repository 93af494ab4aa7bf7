import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { env } from '../../lib/env';
import { logger } from '../../lib/logger';

const config = env();

const baseClient = new DynamoDBClient({
  region: config.AWS_REGION,
  ...(config.DYNAMODB_ENDPOINT
    ? {
        endpoint: config.DYNAMODB_ENDPOINT,
        // DynamoDB Local accepts any credentials; these keep the SDK from looking for real ones.
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      }
    : {}),
});

if (config.LOG_CONSUMED_CAPACITY === 'true') {
  // Bench/debug mode: every call asks for and logs its consumed capacity.
  baseClient.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as Record<string, unknown>;
      input.ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      const output = result.output as { ConsumedCapacity?: unknown };
      logger.info('dynamodb', {
        command: context.commandName,
        consumedCapacity: output.ConsumedCapacity,
      });
      return result;
    },
    { step: 'initialize', name: 'consumedCapacityLogger' },
  );
}

/** The document client every repository uses, created once per cold start. */
export const db = DynamoDBDocumentClient.from(baseClient, {
  marshallOptions: { removeUndefinedValues: true },
});

export const tableName = config.TABLE_NAME;
