import { testStack } from './stack';

/** One mail caught by the local stack's mail sink (`GET /_mail/messages.json`). */
export interface Mail {
  /** The recipients' addresses, comma-separated. */
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string | null;
  /** When the sink received it, ISO 8601 with milliseconds. */
  readonly date: string;
  /** The `List-Unsubscribe` / `List-Unsubscribe-Post` header values, or null. */
  readonly list_unsubscribe: string | null;
  readonly list_unsubscribe_post: string | null;
}

export interface WaitForMailOptions {
  /** Only a mail whose subject matches. */
  readonly subject?: RegExp;
  /** Only a mail received at or after this moment (take it before the request that mails). */
  readonly after?: Date;
  /** @default 10000 */
  readonly timeoutMs?: number;
}

/**
 * The mail configuration of the test stack's handlers, for a mail function a test runs in its own
 * process: real SMTP to the stack's mail sink, links to the stack's site.
 */
export function stackMailEnvironment(): Record<string, string> {
  return {
    MAIL_TRANSPORT: 'smtp',
    SMTP_HOST: testStack().smtpHost,
    SMTP_PORT: String(testStack().smtpPort),
    MAIL_FROM: 'Hatchworks <no-reply@hatchworks.local>',
    SITE_URL: testStack().baseUrl,
  };
}

/** Every mail the test stack has sent so far, newest first. */
export async function mailbox(baseUrl = testStack().baseUrl): Promise<Mail[]> {
  const response = await fetch(`${baseUrl}/_mail/messages.json`);
  if (!response.ok) throw new Error(`/_mail/messages.json answered ${response.status}`);
  return (await response.json()) as Mail[];
}

const isFor = (mail: Mail, to: string) =>
  mail.to
    .split(',')
    .map((address) => address.trim().toLowerCase())
    .includes(to.trim().toLowerCase());

/**
 * The newest mail to `to` (matching the options) in the test stack's mailbox, polled until it
 * arrives; fails after `timeoutMs` naming what did arrive for that address.
 */
export async function waitForMail(to: string, options: WaitForMailOptions = {}): Promise<Mail> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const mails = (await mailbox()).filter((mail) => isFor(mail, to));
    const found = mails.find(
      (mail) =>
        (!options.subject || options.subject.test(mail.subject)) &&
        (!options.after || new Date(mail.date).getTime() >= options.after.getTime()),
    );
    if (found) return found;
    if (Date.now() > deadline) {
      const seen = mails.map((mail) => `"${mail.subject}" at ${mail.date}`).join(', ') || 'none';
      throw new Error(`No matching mail to ${to} arrived (mails to it: ${seen})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Waits until a mail queued by an answer just received would have gone out (the stack's stream
 * poller reads every 100 ms), so a test can tell that no mail was sent rather than not yet.
 */
export async function mailQueueSettled(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 600));
}

/** The first link in the mail's text part whose path starts with `pathPrefix`. */
export function linkFromMail(mail: Pick<Mail, 'text'>, pathPrefix: string): URL {
  for (const [candidate] of mail.text.matchAll(/https?:\/\/[^\s<>"']+/g)) {
    const url = new URL(candidate);
    if (url.pathname.startsWith(pathPrefix)) return url;
  }
  throw new Error(`No link to ${pathPrefix} in the mail:\n${mail.text}`);
}
