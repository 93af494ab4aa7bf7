import { ulid } from 'ulid';
import { TABLE_DEFINITION } from '../table/table-definition';

/**
 * Account mails go out through the table (this module has no client, so the CDK app and the local
 * stack read the filter from it too): a request handler writes a `MailRequest` item naming
 * who gets which mail, and the table stream's function issues the link and sends it
 * (`functions/src/triggers/table-stream/send-queued-mail.ts`). The request path never waits for
 * SES, and the functions people call carry no mail client.
 *
 * The request names only the kind and the user: the key itself says it all (`PK = MAIL#<ulid>`,
 * `SK = <kind>#<user id>`), so the stream, which carries keys only, holds no address and no
 * link. A request is deleted by DynamoDB a day after it was written (TTL); it is never read
 * again once its mail went out.
 */
export const MAIL_KINDS = ['verify-email', 'reset-password', 'notifications'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export interface MailRequest {
  readonly kind: MailKind;
  readonly userId: string;
  /** The served origin the request that caused the mail came from; its links go there. */
  readonly origin?: string | undefined;
}

const MAIL_PREFIX = 'MAIL#';
const KEEP_SECONDS = 24 * 60 * 60;

/**
 * Which stream records are mail requests: new items whose partition key starts with `MAIL#`. The
 * CDK stack turns it into the event source's filter; the local stack applies it when it polls.
 */
export const MAIL_STREAM_FILTER = {
  eventName: 'INSERT',
  partitionKeyPrefix: MAIL_PREFIX,
} as const;

/** The item of one mail request, for a transaction that queues the mail with its cause. */
export function mailRequestItem(request: MailRequest, now: Date): Record<string, unknown> {
  return {
    [TABLE_DEFINITION.partitionKey]: `${MAIL_PREFIX}${ulid(now.getTime())}`,
    [TABLE_DEFINITION.sortKey]: `${request.kind}#${request.userId}`,
    entity: 'MailRequest',
    ...(request.origin ? { site_origin: request.origin } : {}),
    created_at: now.toISOString(),
    [TABLE_DEFINITION.ttlAttribute]: Math.floor(now.getTime() / 1000) + KEEP_SECONDS,
  };
}

/** The stream record's key as DynamoDB sends it (`{ PK: { S: '…' }, SK: { S: '…' } }`). */
export type StreamKeys = Readonly<Record<string, { readonly S?: string } | undefined>>;

/** The mail request a stream record's keys name, or undefined when they name none. */
export function mailRequestOf(keys: StreamKeys | undefined): MailRequest | undefined {
  const partition = keys?.[TABLE_DEFINITION.partitionKey]?.S;
  const sort = keys?.[TABLE_DEFINITION.sortKey]?.S;
  if (!partition?.startsWith(MAIL_PREFIX) || !sort) return undefined;
  const split = sort.indexOf('#');
  const kind = sort.slice(0, split);
  const userId = sort.slice(split + 1);
  if (split < 1 || !userId || !(MAIL_KINDS as readonly string[]).includes(kind)) return undefined;
  return { kind: kind as MailKind, userId };
}
