import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';

/** A payload-2.0 event as API Gateway's HTTP API sends it, for unit tests of the middy chain. */
export function httpEvent(overrides: Partial<APIGatewayProxyEventV2> = {}): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: 'ANY /api/{proxy+}',
    rawPath: '/api/test',
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    requestContext: {
      accountId: 'test',
      apiId: 'test',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: 'POST',
        path: '/api/test',
        protocol: 'HTTP/1.1',
        sourceIp: '127.0.0.1',
        userAgent: 'vitest',
      },
      requestId: 'request-1',
      routeKey: 'ANY /api/{proxy+}',
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
    isBase64Encoded: false,
    ...overrides,
  };
}

export const lambdaContext = {
  functionName: 'test',
  awsRequestId: 'request-1',
  getRemainingTimeInMillis: () => 10_000,
} as unknown as Context;
