import { Duration } from 'aws-cdk-lib';
import {
  ROUTE_TIMEOUT_SECONDS,
  routeKey,
  type Access,
  usesTokens,
  type RouteDefinition,
  type SecretName,
  type TableAccess,
} from '@hatchworks/shared/routes';
import { handlerEntry } from '../paths';

/**
 * What one of our Lambda functions is and may do, whatever invokes it (an API route, a Cognito
 * trigger, a custom resource): AppFunction derives its role and environment from this alone.
 */
export interface FunctionSpec {
  /** Stable name of the function, e.g. the manifest route id. */
  readonly id: string;
  /** Shown on the function and its role. */
  readonly description: string;
  /** The TypeScript module that exports `handler`. */
  readonly entry: string;
  readonly table: TableAccess;
  /** Verifies tokens: gets the public keys and the identity provider's settings. */
  readonly verifiesTokens?: boolean;
  /** Issues the product's own tokens: gets the private signing key. */
  readonly signsTokens?: boolean;
  /** May read and write `CREDENTIAL#*` items; every other function is denied them by IAM. */
  readonly credentials?: boolean;
  /** Secret keys the function reads (`<NAME>_ARN`), and no others. */
  readonly secrets?: readonly SecretName[];
  /** Sends mail: gets `ses:SendEmail` on the sender identity and the mail settings. */
  readonly sendsMail?: boolean;
  /**
   * Acts on passwords kept in the stack's user pool: gets the pool's settings and the admin
   * calls on it (`PasswordStoreAccess`), when there is one.
   */
  readonly passwordStore?: boolean;
  /**
   * The API route it serves: its key and access level are written into the bundle, where the
   * access guard reads them (functions/src/http/access.ts).
   */
  readonly route?: { readonly key: string; readonly access: Access };
  /** @default 512 */
  readonly memorySize?: number;
  /** @default 10 seconds */
  readonly timeout?: Duration;
}

/** The function of a manifest route, with what the manifest grants it. */
export function routeFunctionSpec(route: RouteDefinition): FunctionSpec {
  return {
    id: route.id,
    description: routeKey(route),
    entry: handlerEntry(route.handler),
    table: route.table,
    verifiesTokens: usesTokens(route) || route.signsTokens === true,
    signsTokens: route.signsTokens === true,
    credentials: route.credentials === true,
    secrets: route.secrets ?? [],
    passwordStore: route.passwordStore === true,
    route: { key: routeKey(route), access: route.access },
    timeout: Duration.seconds(ROUTE_TIMEOUT_SECONDS),
  };
}
