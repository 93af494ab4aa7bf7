/**
 * `widget.js`: the feedback button a project's page adds with one line,
 * `<script src="<site>/widget.js" data-project="<slug>" async></script>` (optional
 * `data-label`: the button's text). The button opens the project's panel, `<site>/embed/<slug>`,
 * in a frame; page and panel speak with `postMessage` (`WIDGET_EVENTS`, docs/widget.md).
 *
 * A classic script without framework, built on its own (web/vite.widget.config.ts): it must stay
 * a few kilobytes and leave nothing global. Everything it adds lives in one element's shadow root,
 * built with DOM calls rather than markup so that a page enforcing Trusted Types still gets it.
 */
import { embedPath, WIDGET_EVENTS } from '@hatchworks/shared/embed';
import css from './widget.css?inline';

/** The host element; its presence tells a second copy of the script that the widget is there. */
const HOST_TAG = 'hatchworks-feedback';

/**
 * How long the panel has to say `ready` once opened. A browser that refuses to frame it (the page
 * is not among the project's embed origins) shows nothing and tells the page nothing.
 */
const READY_TIMEOUT_MS = 10_000;

const TEXT = {
  label: 'Feedback',
  failed: "Feedback can't open on this page.",
  tracker: 'Open the tracker',
  close: 'Close',
} as const;

/** Read while the script runs: `currentScript` is null once it has returned. */
const script = document.currentScript as HTMLScriptElement | null;

if (script?.src) {
  const { project, label } = script.dataset;
  const origin = new URL(script.src).origin;
  if (!project) {
    console.warn(`${script.src}: data-project is missing, so there is no feedback button`);
  } else if (document.body) {
    mount(origin, project, label || TEXT.label);
  } else {
    document.addEventListener('DOMContentLoaded', () =>
      mount(origin, project, label || TEXT.label),
    );
  }
}

type Attributes = Record<string, string>;

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes,
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/** The speech bubble of the button, drawn by the stylesheet's stroke. */
function bubbleIcon(): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const path = document.createElementNS(ns, 'path');
  path.setAttribute(
    'd',
    'M5 4h14a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Z',
  );
  svg.append(path);
  return svg;
}

function mount(origin: string, project: string, label: string) {
  if (document.querySelector(HOST_TAG)) return;
  const host = document.createElement(HOST_TAG);
  const root = host.attachShadow({ mode: 'open' });
  // A constructed sheet rather than a `<style>`: a page whose CSP allows no inline style still
  // styles the widget.
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  root.adoptedStyleSheets = [sheet];

  const panelId = 'panel';
  const button = element(
    'button',
    {
      type: 'button',
      class: 'button',
      'aria-haspopup': 'dialog',
      'aria-expanded': 'false',
      'aria-controls': panelId,
    },
    bubbleIcon(),
    label,
  );
  // Non-modal: the page stays usable beside it (on a phone it covers the page until closed).
  const panel = element('div', {
    id: panelId,
    class: 'panel',
    role: 'dialog',
    'aria-label': TEXT.label,
  });
  panel.hidden = true;
  root.append(button, panel);

  let frame: HTMLIFrameElement | undefined;
  let ready = false;
  let fallback: HTMLElement | undefined;

  const isOpen = () => !panel.hidden;

  /** The panel is shown and can take focus: focus goes into the frame, and the panel is told. */
  const enter = () => {
    frame?.focus();
    frame?.contentWindow?.postMessage({ type: WIDGET_EVENTS.opened }, origin);
  };

  const close = () => {
    panel.hidden = true;
    button.setAttribute('aria-expanded', 'false');
    button.focus();
  };

  /** The panel never said `ready`: a message and a link to the site instead of an empty frame. */
  const fail = () => {
    const dismiss = element('button', { type: 'button' }, TEXT.close);
    dismiss.addEventListener('click', close);
    fallback = element(
      'div',
      { class: 'fallback' },
      element('p', {}, TEXT.failed),
      element('a', { href: `${origin}/tracker`, target: '_blank', rel: 'noopener' }, TEXT.tracker),
      dismiss,
    );
    panel.append(fallback);
    panel.classList.add('failed');
  };

  const open = () => {
    panel.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    if (!frame) {
      frame = element('iframe', {
        title: `Feedback for ${project}`,
        src: `${origin}${embedPath(project)}`,
      });
      panel.append(frame);
      setTimeout(() => {
        if (!ready) fail();
      }, READY_TIMEOUT_MS);
    }
    if (ready) enter();
  };

  button.addEventListener('click', () => (isOpen() ? close() : open()));

  // Keys pressed inside the frame stay there (the panel sends `close` for its Esc): this is Esc
  // on the button or the fallback.
  root.addEventListener('keydown', (event) => {
    if ((event as KeyboardEvent).key === 'Escape' && isOpen()) close();
  });

  window.addEventListener('message', (event) => {
    if (!frame || event.origin !== origin || event.source !== frame.contentWindow) return;
    const type = (event.data as { type?: unknown } | null)?.type;
    if (type === WIDGET_EVENTS.ready) {
      // A panel that answers late still shows: the fallback was only in case it never would.
      ready = true;
      panel.classList.remove('failed');
      fallback?.remove();
      if (isOpen()) enter();
    } else if (type === WIDGET_EVENTS.close && isOpen()) {
      close();
    }
  });

  document.body.append(host);
}
