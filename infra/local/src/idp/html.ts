/** Escapes text for an HTML text node or a double-quoted attribute. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * The site's design tokens the hosted login uses, the same values as `web/src/styles/tokens.css`
 * (a test keeps them equal): the provider is a separate server and loads none of the SPA's CSS.
 */
export const SITE_TOKENS = {
  '--color-bg': '#fbf7f0',
  '--color-surface': '#ffffff',
  '--color-surface-sunken': '#f5eee3',
  '--color-border': '#e8dccb',
  '--color-border-strong': '#cdbba1',
  '--color-text': '#231c14',
  '--color-text-muted': '#5e5244',
  '--color-accent': '#f4b43c',
  '--color-accent-soft': '#fde9bf',
  '--color-accent-deep': '#7a4306',
  '--color-accent-ink': '#94490a',
  '--color-accent-ink-hover': '#6e3505',
  '--color-danger-bg': '#fdecea',
  '--color-danger-border': '#f2b8b2',
  '--color-danger-text': '#8a1c13',
  '--color-focus': '#1f5fbf',
  '--font-sans':
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji'",
  '--radius-sm': '6px',
  '--radius-md': '12px',
  '--radius-lg': '18px',
  '--radius-pill': '999px',
  '--shadow-sm': '0 1px 2px rgb(60 40 10 / 0.06), 0 1px 3px rgb(60 40 10 / 0.08)',
} as const;

const ROOT = `:root{${Object.entries(SITE_TOKENS)
  .map(([name, value]) => `${name}:${value}`)
  .join(';')}}`;

// One inline style sheet (the CSP allows inline styles, never inline code), the site's look: its
// header bar with the egg mark, a white card, pill buttons, the same fields and focus ring.
const STYLE = `${ROOT}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;background:var(--color-bg);
  color:var(--color-text);font-family:var(--font-sans);font-size:1rem;line-height:1.6;
  -webkit-font-smoothing:antialiased}
:focus-visible{outline:3px solid var(--color-focus);outline-offset:2px;border-radius:2px}
a{color:var(--color-accent-ink);text-decoration-thickness:1px;text-underline-offset:.18em}
a:hover{color:var(--color-accent-ink-hover);text-decoration-thickness:2px}
.site-header{background:rgb(255 255 255 / .96);border-bottom:1px solid var(--color-border)}
.site-header__inner{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;
  gap:.5rem 1rem;max-width:72rem;min-height:4rem;margin-inline:auto;padding:.5rem 1rem}
.brand{display:inline-flex;align-items:center;gap:.5rem;color:var(--color-text);font-size:1.125rem;
  font-weight:800;letter-spacing:-.02em;text-decoration:none}
.brand:hover{color:var(--color-text)}
.back{display:inline-flex;align-items:center;gap:.35em;min-height:2.75rem;font-size:.875rem;font-weight:600}
@media (min-width:30rem){.back{font-size:1rem}}
.icon{flex:none}
main{flex:1;width:100%;max-width:34rem;margin:0 auto;padding:1.5rem 1rem 3rem}
.card{background:var(--color-surface);border:1px solid var(--color-border);
  border-radius:var(--radius-md);box-shadow:var(--shadow-sm);padding:1.5rem}
.card--danger{border-color:var(--color-danger-border);
  background:linear-gradient(var(--color-danger-bg),var(--color-surface) 45%)}
@media (min-width:48rem){.site-header__inner{padding-inline:2rem}main{padding-top:3rem}.card{padding:2rem}}
.eyebrow{margin:0 0 .5rem;color:var(--color-accent-ink);font-size:.875rem;font-weight:700;
  letter-spacing:.08em;text-transform:uppercase}
.card--danger .eyebrow{color:var(--color-danger-text)}
h1{margin:0 0 1rem;text-wrap:balance;font-size:clamp(1.5rem,1.2rem + 1.2vw,1.875rem);font-weight:750;line-height:1.2;
  letter-spacing:-.01em}
p{margin:0 0 1rem}
.intro{color:var(--color-text-muted)}
form{display:grid;gap:1rem;margin:0}
label{display:grid;gap:.35rem;font-size:.875rem;font-weight:650}
.hint{font-weight:400;font-size:.75rem;color:var(--color-text-muted)}
input{width:100%;min-height:2.75rem;padding:.5rem .75rem;background:var(--color-surface);
  border:1px solid var(--color-border-strong);border-radius:var(--radius-sm);color:var(--color-text);
  font:inherit;font-size:1rem}
input:hover{border-color:var(--color-accent-deep)}
input:focus-visible{outline:3px solid var(--color-focus);outline-offset:1px;border-radius:var(--radius-sm)}
.button,button{display:inline-flex;align-items:center;justify-content:center;gap:.5rem;width:100%;
  min-height:2.75rem;padding:.55rem 1.1rem;border:1px solid transparent;border-radius:var(--radius-pill);
  background:var(--color-text);color:#fff;font:inherit;font-weight:650;line-height:1.2;
  text-decoration:none;cursor:pointer;transition:background-color 150ms ease,border-color 150ms ease}
.button:hover,button:hover{background:#3d3226;color:#fff}
.button:focus-visible,button:focus-visible{border-radius:var(--radius-pill)}
.button--secondary,button.secondary{background:var(--color-surface);border-color:var(--color-border-strong);
  color:var(--color-text)}
.button--secondary:hover,button.secondary:hover{background:var(--color-accent-soft);
  border-color:var(--color-accent-deep);color:var(--color-text)}
.error{margin:0 0 1rem;padding:.75rem 1rem;background:var(--color-danger-bg);
  border:1px solid var(--color-danger-border);border-radius:var(--radius-sm);
  color:var(--color-danger-text);font-weight:600}
.error a{color:var(--color-danger-text)}
.note{margin:0;font-size:.875rem;color:var(--color-text-muted)}
.actions{display:grid;gap:.75rem;margin-top:1.5rem}
.alt{margin:1.25rem 0 0;text-align:center}
.alt+.alt{margin-top:.5rem}
details{margin-top:1.5rem;font-size:.875rem;color:var(--color-text-muted)}
summary{cursor:pointer}
code{font-family:ui-monospace,'SFMono-Regular',Menlo,Consolas,monospace;font-size:.9em;
  overflow-wrap:anywhere}
@media (prefers-reduced-motion:reduce){*,*::before,*::after{transition-duration:.01ms!important}}
`;

/** The studio's egg mark, as in the site's header (decorative: the name beside it says it). */
const EGG_MARK = `<svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false" class="icon"><path d="M16 2C9.5 2 4.5 11 4.5 18.5 4.5 25 9.6 30 16 30s11.5-5 11.5-11.5C27.5 11 22.5 2 16 2Z" fill="var(--color-accent)" stroke="var(--color-accent-deep)" stroke-width="2"/><path d="M9 17l3.5-3 3.5 3 3.5-3 3.5 3" fill="none" stroke="var(--color-accent-deep)" stroke-width="2" stroke-linejoin="round"/></svg>`;

/** Lucide's arrow-left, the site's icon style. */
const ARROW_LEFT = `<svg width="1em" height="1em" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false" class="icon"><path d="m12 19-7-7 7-7"/><path d="M19 12H5"/></svg>`;

/** The site's favicon, served by the site at its root (`web/public`): the provider shares its origin. */
export const FAVICON_LINKS = `<link rel="icon" href="/favicon.ico" sizes="32x32">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">`;

/** Where a page of the hosted login links back to: the site's origin the person came from. */
export interface PageOptions {
  readonly siteHref: string;
  /** The card of a failure: tinted like the site's danger panels. */
  readonly danger?: boolean;
}

/**
 * A whole page of the hosted login in the site's look: its header with the egg mark and a link
 * back to the site, one card below, readable on a phone, no external assets but the favicon.
 */
export function page(title: string, body: string, { siteHref, danger }: PageOptions): string {
  const home = escapeHtml(siteHref);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="theme-color" content="${SITE_TOKENS['--color-bg']}">
<title>${escapeHtml(title)} · Hatchworks</title>
${FAVICON_LINKS}
<style>${STYLE}</style>
</head>
<body>
<header class="site-header">
<div class="site-header__inner">
<a class="brand" href="${home}">${EGG_MARK}<span>Hatchworks</span></a>
<a class="back" href="${home}">${ARROW_LEFT}Back to Hatchworks</a>
</div>
</header>
<main>
<section class="card${danger ? ' card--danger' : ''}">
${body}
</section>
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
