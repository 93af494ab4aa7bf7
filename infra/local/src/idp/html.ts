/** Escapes text for an HTML text node or a double-quoted attribute. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

// One inline style sheet and no scripts: the site's CSP allows inline styles, never inline code.
const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
  font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933;background:#f5f2eb;padding:1rem}
main{width:100%;max-width:24rem;background:#fff;border-radius:12px;padding:2rem 1.5rem;
  box-shadow:0 2px 12px rgba(0,0,0,.08)}
.brand{margin:0 0 .25rem;font-weight:700;color:#b45309;letter-spacing:.02em}
h1{margin:0 0 1.25rem;font-size:1.5rem}
form{display:grid;gap:1rem;margin:0}
label{display:grid;gap:.25rem;font-weight:600}
.hint{font-weight:400;font-size:.875rem;color:#52606d}
input{font:inherit;padding:.625rem .75rem;border:1px solid #9aa5b1;border-radius:8px;width:100%}
input:focus{outline:3px solid #f59e0b;outline-offset:1px;border-color:#b45309}
button{font:inherit;font-weight:700;padding:.75rem;border:0;border-radius:8px;cursor:pointer;
  background:#b45309;color:#fff;width:100%}
button:hover{background:#92400e}
button:focus-visible{outline:3px solid #1f2933;outline-offset:2px}
button.secondary{background:#e4e7eb;color:#1f2933}
.error{margin:0 0 1rem;padding:.75rem;border-radius:8px;background:#fde8e8;color:#9b1c1c}
.error a{color:#7f1d1d;font-weight:600}
.note{margin:0;font-size:.875rem;color:#52606d}
.alt+.alt{margin-top:.5rem}
.actions{display:grid;gap:.75rem}
.alt{margin:1.25rem 0 0;text-align:center}
a{color:#92400e}
`;

/** A whole page of the hosted login: one card, readable on a phone, no external assets. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Hatchworks</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand">Hatchworks</p>
${body}
</main>
</body>
</html>`;
}

/** A link inside a message, to where the person can act on it. */
export interface MessageLink {
  readonly href: string;
  readonly text: string;
}

/** A message for people: plain text, or text with links in it. */
export type Message = string | readonly (string | MessageLink)[];

/** The message as HTML, every text escaped. */
export function messageHtml(message: Message): string {
  const parts = typeof message === 'string' ? [message] : message;
  return parts
    .map((part) =>
      typeof part === 'string'
        ? escapeHtml(part)
        : `<a href="${escapeHtml(part.href)}">${escapeHtml(part.text)}</a>`,
    )
    .join('');
}

/** The error box of a form, announced to screen readers; empty without an error. */
export function errorBox(error: Message | undefined): string {
  return error ? `<p class="error" role="alert" id="form-error">${messageHtml(error)}</p>` : '';
}
