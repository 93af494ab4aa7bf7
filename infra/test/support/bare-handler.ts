import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';

/*
 * The reference of the bundle-size budget and of the bench's cold start: a handler that only uses
 * the DynamoDB document client, bundled like every function (FUNCTION_BUNDLING). It reads one item
 * so the client's command path is bundled as a real function's would be.
 */
const documents = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    region: process.env.AWS_REGION ?? 'us-east-1',
    ...(process.env.DYNAMODB_ENDPOINT ? { endpoint: process.env.DYNAMODB_ENDPOINT } : {}),
  }),
);

export const handler = async (event: { pk?: string; sk?: string }) => {
  const answer = await documents.send(
    new GetCommand({
      TableName: process.env.TABLE_NAME,
      Key: { PK: event.pk ?? 'BARE', SK: event.sk ?? 'BARE' },
    }),
  );
  return { statusCode: 200, body: JSON.stringify({ found: answer.Item !== undefined }) };
};
