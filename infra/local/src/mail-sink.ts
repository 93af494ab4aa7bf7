import type { AddressObject } from 'mailparser';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One mail as the sink caught it, in the shape of `GET /_mail/messages.json`. */
export interface CaughtMail {
  /** The To addresses, comma-separated (the envelope's recipients when the header has none). */
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** The HTML part, or null for a text-only mail. */
  readonly html: string | null;
  /** When the sink received it (ISO 8601, milliseconds): the header's Date has only seconds. */
  readonly date: string;
  /** The `List-Unsubscribe` and `List-Unsubscribe-Post` header values (RFC 8058), or null. */
  readonly list_unsubscribe: string | null;
  readonly list_unsubscribe_post: string | null;
}

/** A header's raw value as sent (unfolded), or null when the mail has none. */
function rawHeader(lines: readonly { key: string; line: string }[], name: string): string | null {
  const found = lines.find((each) => each.key.toLowerCase() === name);
  if (!found) return null;
  return found.line
    .slice(found.line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();
}

export interface MailSinkOptions {
  /** How many mails are kept; older ones are dropped. @default 500 */
  readonly capacity?: number;
  /** Larger messages are refused (SMTP 552). @default 10 MiB */
  readonly maxMessageBytes?: number;
}

export interface RunningMailSink {
  /** Where the SMTP server listens (loopback only). */
  readonly host: string;
  readonly port: number;
  /** Every caught mail, newest first. */
  messages(): readonly CaughtMail[];
  stop(): Promise<void>;
}

const addressesOf = (field: AddressObject | AddressObject[] | undefined): string[] =>
  [field ?? []]
    .flat()
    .flatMap((object) => object.value)
    .flatMap((entry) => entry.group ?? [entry])
    .map((entry) => entry.address ?? '')
    .filter((address) => address !== '');

/**
 * The local stack's mail server: a real SMTP server (smtp-server) on a free loopback port that
 * accepts every mail, parses it (mailparser) and keeps it in memory for `/_mail`. Nothing leaves
 * the machine and nothing is kept across restarts.
 */
export function startMailSink(options: MailSinkOptions = {}): Promise<RunningMailSink> {
  const capacity = options.capacity ?? 500;
  const maxMessageBytes = options.maxMessageBytes ?? 10 * 1024 * 1024;
  const caught: CaughtMail[] = [];

  const server = new SMTPServer({
    banner: 'Hatchworks local mail sink',
    // Plain SMTP on loopback: no login, and no STARTTLS offer that clients would try to take up
    // with the server's self-signed certificate.
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: maxMessageBytes,
    logger: false,
    closeTimeout: 1_000,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          if (stream.sizeExceeded) {
            callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
            return;
          }
          const to = addressesOf(parsed.to);
          const envelope = session.envelope.rcptTo.map(({ address }) => address);
          caught.unshift({
            to: (to.length > 0 ? to : envelope).join(', '),
            subject: parsed.subject ?? '',
            // A single-part body ends with the line break that SMTP's DATA needs, not the sender's.
            text: (parsed.text ?? '').replace(/\n$/, ''),
            html: typeof parsed.html === 'string' ? parsed.html : null,
            date: new Date().toISOString(),
            list_unsubscribe: rawHeader(parsed.headerLines, 'list-unsubscribe'),
            list_unsubscribe_post: rawHeader(parsed.headerLines, 'list-unsubscribe-post'),
          });
          caught.splice(capacity);
          callback();
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });

  return new Promise((resolve, reject) => {
    let listening = false;
    server.on('error', (error: Error) => {
      // After start, a client's broken connection must not end the stack.
      if (listening) console.error('[mail] SMTP error:', error.message);
      else reject(error);
    });
    server.listen(0, '127.0.0.1', () => {
      listening = true;
      const address = server.server.address();
      resolve({
        host: '127.0.0.1',
        port: typeof address === 'object' && address ? address.port : 0,
        messages: () => caught,
        stop: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
