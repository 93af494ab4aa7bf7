/**
 * DynamoDB Local verifies no signature: it only reads which access key a request names. A client
 * of it can therefore send a fixed `Authorization` header in place of SigV4 signing, which costs
 * about 0.3 ms of CPU per call here (a third of a call's client-side CPU, measured over 3,000
 * calls), and the local stack and its tests make hundreds of thousands of calls.
 */
const AUTHORIZATION =
  'AWS4-HMAC-SHA256 Credential=local/20200101/us-east-1/dynamodb/aws4_request, ' +
  'SignedHeaders=host, Signature=0';

interface FinalizeArgs {
  readonly request: unknown;
}

/** The part of an SDK client's middleware stack this uses. */
interface RelativeStack {
  addRelativeTo(
    middleware: (
      next: (args: FinalizeArgs) => Promise<unknown>,
    ) => (args: FinalizeArgs) => Promise<unknown>,
    options: { name: string; relation: 'after'; toMiddleware: string; override: boolean },
  ): void;
}

/** The middleware stacks already sending the fixed header (a test's data layer asks often). */
const unsigned = new WeakSet<object>();

/** Replaces `client`'s request signing (DynamoDB Local only) with the fixed header, once. */
export function sendUnsigned<C extends { readonly middlewareStack: object }>(client: C): C {
  if (unsigned.has(client.middlewareStack)) return client;
  unsigned.add(client.middlewareStack);
  // The table, streams and document clients' stacks differ only in the types of their commands,
  // which this middleware does not touch.
  (client.middlewareStack as RelativeStack).addRelativeTo(
    (next) => async (args) => {
      const request = args.request as { headers?: Record<string, string> };
      if (request.headers) request.headers.authorization = AUTHORIZATION;
      return next(args);
    },
    {
      // The SDK's own signing step, by name: `override` puts this one in its place.
      name: 'httpSigningMiddleware',
      relation: 'after',
      toMiddleware: 'retryMiddleware',
      override: true,
    },
  );
  return client;
}
