import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { env, type Env } from '../../lib/env';
import { servedOrigin } from './site-origin';

/** One mail to one person: a text part always, an HTML part when given. */
export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
  /**
   * Extra header fields, e.g. `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058) on the
   * notification mails. Names and values must be single lines.
   */
  readonly headers?: Readonly<Record<string, string>>;
}

type Deliver = (message: MailMessage) => Promise<void>;

let transport: Promise<Deliver> | undefined;

/**
 * Sends one mail through the configured transport: real SMTP (`MAIL_TRANSPORT=smtp`, the local
 * stack's mail sink) or Amazon SES v2 (`MAIL_TRANSPORT=ses`), from `MAIL_FROM`. Resolves once the
 * SMTP server or SES has accepted the mail; a refusal rejects.
 */
export async function sendMail(message: MailMessage): Promise<void> {
  // A line break in a header field would let the caller's text add headers of its own.
  if (/[\r\n]/.test(message.to) || /[\r\n]/.test(message.subject)) {
    throw new Error('A mail recipient or subject must be a single line');
  }
  for (const [name, value] of Object.entries(message.headers ?? {})) {
    if (!/^[\x21-\x39\x3b-\x7e]+$/.test(name) || /[\r\n]/.test(value)) {
      throw new Error(`A mail header must be a single line with a plain name: ${name}`);
    }
  }
  if (!transport) {
    transport = loadTransport(env());
    transport.catch(() => (transport = undefined));
  }
  await (
    await transport
  )(message);
}

/**
 * The transport's library is imported only when the first mail goes out: nodemailer locally, the
 * SES client on AWS (where the Lambda bundle leaves nodemailer out, see app-function.ts).
 */
async function loadTransport(config: Env): Promise<Deliver> {
  const from = config.MAIL_FROM ?? '';
  switch (config.MAIL_TRANSPORT) {
    case 'smtp': {
      const { createTransport } = await import('nodemailer');
      const smtp = createTransport({
        host: config.SMTP_HOST,
        port: config.SMTP_PORT,
        secure: false,
        // Fail within a request's time rather than nodemailer's two minutes.
        connectionTimeout: 5_000,
        greetingTimeout: 5_000,
        socketTimeout: 10_000,
      });
      return async ({ to, subject, text, html, headers }) => {
        await smtp.sendMail({
          from,
          to,
          subject,
          text,
          ...(html === undefined ? {} : { html }),
          ...(headers ? { headers: { ...headers } } : {}),
        });
      };
    }
    case 'ses': {
      const ses = new SESv2Client({ region: config.AWS_REGION });
      const part = (data: string) => ({ Data: data, Charset: 'UTF-8' });
      return async ({ to, subject, text, html, headers }) => {
        await ses.send(
          new SendEmailCommand({
            FromEmailAddress: from,
            ...(config.MAIL_IDENTITY_ARN
              ? { FromEmailAddressIdentityArn: config.MAIL_IDENTITY_ARN }
              : {}),
            Destination: { ToAddresses: [to] },
            Content: {
              Simple: {
                Subject: part(subject),
                Body: { Text: part(text), ...(html === undefined ? {} : { Html: part(html) }) },
                ...(headers
                  ? {
                      Headers: Object.entries(headers).map(([Name, Value]) => ({ Name, Value })),
                    }
                  : {}),
              },
            },
          }),
        );
      };
    }
    default:
      throw new Error(
        'Mail is not configured: MAIL_TRANSPORT is unset (on AWS, deploy with -c mailFrom=...)',
      );
  }
}

/**
 * An absolute link into the site for a mail, e.g. `siteLink('/verify-email', {token})` →
 * `${SITE_URL}/verify-email?token=...`; at `served` instead when the site serves that origin.
 */
export function siteLink(
  path: string,
  query: Readonly<Record<string, string>> = {},
  served?: string,
): string {
  const origin = servedOrigin(served) ?? env().SITE_URL;
  if (!origin) throw new Error('Invalid function configuration: SITE_URL is required for links');
  const url = new URL(path, origin);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.href;
}
