import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml } from './idp/html';
import type { CaughtMail } from './mail-sink';
import type { MountedHandler } from './server';

/** Where the local stack shows the mails it caught (never deployed). */
export const MAILBOX_PATH = '/_mail';

const STYLE = `
body { margin: 0 auto; max-width: 60rem; padding: 1.5rem; font: 16px/1.5 system-ui, sans-serif; color: #1f2937; }
h1 { font-size: 1.5rem; margin: 0 0 .5rem; }
article { border: 1px solid #d1d5db; border-radius: .5rem; padding: 1rem; margin: 1rem 0; }
h2 { font-size: 1.125rem; margin: 0 0 .5rem; overflow-wrap: anywhere; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .125rem 1rem; margin: 0 0 .75rem; }
dt { font-weight: 600; }
dd { margin: 0; overflow-wrap: anywhere; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; font: inherit; background: #f9fafb; padding: .75rem; margin: 0; }
a { color: #92400e; }
`;

/**
 * Nothing but the inline style above may run or load: the page shows text that anyone who can
 * register could have put into a mail.
 */
const MAILBOX_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const LINK = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g;

/** A mail's text part, escaped, with its http(s) links clickable. */
function linkedText(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const url = match[0];
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}" rel="noopener noreferrer">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

function mailArticle(mail: CaughtMail): string {
  return `<article>
<h2>${escapeHtml(mail.subject || '(no subject)')}</h2>
<dl><dt>To</dt><dd>${escapeHtml(mail.to)}</dd><dt>Date</dt><dd><time datetime="${escapeHtml(mail.date)}">${escapeHtml(mail.date)}</time></dd>${mail.html === null ? '' : '<dt>HTML part</dt><dd>yes (not shown here; see messages.json)</dd>'}</dl>
<pre>${linkedText(mail.text)}</pre>
</article>`;
}

/** The mailbox page: every caught mail, newest first. */
export function mailboxPage(mails: readonly CaughtMail[]): string {
  const count = mails.length === 1 ? '1 mail' : `${mails.length} mails`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Local mailbox · Hatchworks</title><style>${STYLE}</style></head>
<body><main>
<h1>Local mailbox</h1>
<p>Every mail the local stack sent, newest first (${count}; kept in memory until it stops). Local only: this page is not deployed. <a href="${MAILBOX_PATH}">Refresh</a> · <a href="${MAILBOX_PATH}/messages.json">JSON</a></p>
${mails.length === 0 ? '<p>No mail yet.</p>' : mails.map(mailArticle).join('\n')}
</main></body>
</html>
`;
}

/**
 * `GET /_mail` (the page) and `GET /_mail/messages.json` (the same mails as a JSON array of
 * `{to, subject, text, html, date}`, newest first), mounted on the local stack's one port.
 * The server has already set the site's security headers; the page tightens the CSP.
 */
export function mailboxHandler(sink: { messages(): readonly CaughtMail[] }): MountedHandler {
  return {
    prefix: MAILBOX_PATH,
    handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
      const { pathname } = new URL(request.url ?? '/', 'http://localhost');
      const method = request.method ?? 'GET';
      const send = (status: number, type: string, body: string, extra = {}) => {
        const bytes = Buffer.from(body);
        response.writeHead(status, {
          'content-type': type,
          'content-length': bytes.byteLength,
          'cache-control': 'no-store',
          ...extra,
        });
        response.end(method === 'HEAD' ? undefined : bytes);
      };
      const page = pathname === MAILBOX_PATH || pathname === `${MAILBOX_PATH}/`;
      const json = pathname === `${MAILBOX_PATH}/messages.json`;
      if (!page && !json) send(404, 'text/plain; charset=utf-8', 'Not Found');
      else if (method !== 'GET' && method !== 'HEAD')
        send(405, 'text/plain; charset=utf-8', 'Method Not Allowed', { allow: 'GET, HEAD' });
      else if (json) send(200, 'application/json; charset=utf-8', JSON.stringify(sink.messages()));
      else
        send(200, 'text/html; charset=utf-8', mailboxPage(sink.messages()), {
          'content-security-policy': MAILBOX_CSP,
        });
      return Promise.resolve();
    },
  };
}
