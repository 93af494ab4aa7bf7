import { AsyncLocalStorage } from 'node:async_hooks';
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';

/** The header that tags a bench request, so its DynamoDB calls are counted for it. */
export const REQUEST_HEADER = 'x-bench-request';

/** DynamoDB calls of one HTTP request, by command, and the capacity they consumed. */
export interface RequestUsage {
  readonly calls: Record<string, number>;
  /** Calls that failed (a cancelled transaction, a failed condition), by command. */
  readonly failed: Record<string, number>;
  /** Consumed capacity units (DynamoDB's TOTAL figure: reads and writes together). */
  capacity: number;
}

interface ConsumedCapacity {
  readonly CapacityUnits?: number;
}

/** The part of the SDK client the meter needs: its middleware stack. */
interface MeteredClient {
  readonly middlewareStack: {
    add(
      middleware: (
        next: (args: { input: object }) => Promise<{ output: object }>,
        context: { commandName?: string },
      ) => (args: { input: object }) => Promise<{ output: object }>,
      options: { step: 'initialize'; name: string },
    ): void;
  };
}

/**
 * Counts the DynamoDB calls and consumed capacity of each bench request, in process: the local
 * stack's handlers run in this process, so the HTTP server's request-start diagnostics channel
 * opens an async context per tagged request, and a middleware on the handlers' own DynamoDB
 * client (which asks every call for `ReturnConsumedCapacity: TOTAL`, like the functions'
 * LOG_CONSUMED_CAPACITY mode) adds each call to the request it belongs to.
 */
export class DynamoDbMeter {
  private readonly context = new AsyncLocalStorage<RequestUsage>();
  private readonly usages = new Map<string, RequestUsage>();
  /** Calls made outside any tagged request (setup, the invariant check). */
  untracked = 0;

  constructor() {
    subscribe('http.server.request.start', (message) => {
      const { request } = message as { request: IncomingMessage };
      const tag = request.headers[REQUEST_HEADER];
      if (typeof tag !== 'string') return;
      const usage: RequestUsage = { calls: {}, failed: {}, capacity: 0 };
      this.usages.set(tag, usage);
      // Runs synchronously before the server's request handler, which inherits the context.
      this.context.enterWith(usage);
    });
  }

  attach(client: MeteredClient): void {
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const usage = this.context.getStore();
        if (!usage) {
          this.untracked += 1;
          return next(args);
        }
        (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity = 'TOTAL';
        const command = (context.commandName ?? 'Unknown').replace(/Command$/, '');
        usage.calls[command] = (usage.calls[command] ?? 0) + 1;
        let result: { output: object };
        try {
          result = await next(args);
        } catch (error) {
          // The engine reports no capacity for a failed call; it is counted, not weighed.
          usage.failed[command] = (usage.failed[command] ?? 0) + 1;
          throw error;
        }
        const consumed = (result.output as { ConsumedCapacity?: unknown }).ConsumedCapacity;
        const entries = (
          Array.isArray(consumed) ? consumed : consumed ? [consumed] : []
        ) as ConsumedCapacity[];
        for (const entry of entries) usage.capacity += entry.CapacityUnits ?? 0;
        return result;
      },
      { step: 'initialize', name: 'benchDynamoDbMeter' },
    );
  }

  /** The usage of a finished request (and forgets it). */
  take(tag: string): RequestUsage {
    const usage = this.usages.get(tag) ?? { calls: {}, failed: {}, capacity: 0 };
    this.usages.delete(tag);
    return usage;
  }
}
