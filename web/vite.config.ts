import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import {
  HOME_SHELL,
  PAGE_SHELLS,
  pageShellFile,
  ROUTE_SHELL_NAME,
  type PageShell,
} from '../shared/src/page-shells';
import react from '@vitejs/plugin-react';

/** Where `npm start` serves the API and `/config.json`; the dev server forwards to it. */
const localStack = process.env.HATCHWORKS_DEV_BACKEND ?? 'http://localhost:3000';

type Chunks = readonly Rollup.OutputChunk[];

/**
 * What a page's HTML fetches with it rather than after the entry has run: the page's chunk, the
 * chunks it imports, their CSS, and the data its first screen reads whoever looks. Without them
 * the browser learns of them only once the entry chunk is downloaded and has run, one round trip
 * after the other. `index.html` is Home's; shared/src/page-shells.ts lists the pages with a copy
 * of their own, `pages/<name>.html`, and the copy for every other route that preloads no page.
 * (The sign-in client is not among them: it loads only for a stored session or a sign-in, see
 * web/src/lib/hosted-login.ts.)
 */
function preloadLinks(chunks: Chunks, shell: PageShell): string {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = byFile.get(fileName);
    if (!chunk || chunk.isEntry || scripts.has(fileName)) return;
    scripts.add(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
    chunk.imports.forEach(visit);
  };
  const page = chunks.find((candidate) =>
    candidate.moduleIds.some((id) => id.endsWith(`/web/${shell.module}`)),
  );
  if (!page) throw new Error(`No chunk for ${shell.module}: is it still loaded lazily?`);
  visit(page.fileName);
  return [
    ...[...scripts].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...[...styles].map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
    ...(shell.data ?? []).map(
      (path) => `<link rel="preload" as="fetch" crossorigin href="${path}">`,
    ),
  ].join('\n    ');
}

function pagePreloads(): Plugin {
  let homeLinks = '';
  return {
    name: 'hatchworks:page-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        homeLinks = preloadLinks(chunksOf(bundle), HOME_SHELL);
        return html.replace('</head>', `  ${homeLinks}\n  </head>`);
      },
    },
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const index = readFileSync(join(outDir, 'index.html'), 'utf8');
      if (!homeLinks || !index.includes(homeLinks)) {
        throw new Error('index.html has no preloads of Home to replace');
      }
      const chunks = chunksOf(bundle);
      const write = (name: string, links: string) => {
        const file = join(outDir, pageShellFile(name));
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(
          file,
          index.replace(homeLinks, () => links),
        );
      };
      for (const shell of PAGE_SHELLS) write(shell.name, preloadLinks(chunks, shell));
      write(ROUTE_SHELL_NAME, '');
    },
  };
}

function chunksOf(bundle: Rollup.OutputBundle): Chunks {
  return Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
}

/**
 * The app's code in a few chunks by the pages that use it rather than one per shared module: a
 * list page needs three requests instead of twenty of a kilobyte each, which a phone on a slow
 * network (six connections, a round trip each) feels more than a few kilobytes it does not run.
 * - what the entry imports stays in the entry chunk, and what only Home imports in Home's, so
 *   Home loads no list's code and a list page none of Home's cards and their styles; what Home
 *   shares with a list page (the projects' schema and contracts) is `shared`;
 * - what only the tracker's pages use is `tracker`, what only the egg board uses is `board`, and
 *   what both use is `lists`;
 * - packages they share, lazily loaded modules (the sign-in client) and the other pages keep
 *   Rollup's own chunks.
 */
const LIST_PAGES = {
  tracker: /\/src\/app\/routes\/tracker\/(dashboard|requests|suggestions)\.tsx$/,
  board: /\/src\/app\/routes\/features\.tsx$/,
} as const;

function areaChunks(): Rollup.GetManualChunk {
  let areas:
    { entry: Set<string>; home: Set<string>; tracker: Set<string>; board: Set<string> } | undefined;
  return (id, { getModuleIds, getModuleInfo }) => {
    if (!areas) {
      const ids = [...getModuleIds()];
      /** Every module the modules matching `root` import statically, themselves included. */
      const reached = (root: (module: string) => boolean) => {
        const seen = new Set<string>();
        const next = ids.filter(root);
        for (let module = next.pop(); module !== undefined; module = next.pop()) {
          if (seen.has(module)) continue;
          seen.add(module);
          next.push(...(getModuleInfo(module)?.importedIds ?? []));
        }
        return seen;
      };
      areas = {
        entry: reached((module) => getModuleInfo(module)?.isEntry === true),
        home: reached((module) => module.endsWith(`/web/${HOME_SHELL.module}`)),
        tracker: reached((module) => LIST_PAGES.tracker.test(module)),
        board: reached((module) => LIST_PAGES.board.test(module)),
      };
    }
    // A module in a named chunk takes along what it imports that no other named chunk holds, so
    // the entry's and Home's modules are named too.
    if (areas.entry.has(id)) return 'index';
    const tracker = areas.tracker.has(id);
    const board = areas.board.has(id);
    if (areas.home.has(id)) return tracker || board ? 'shared' : 'home';
    const page = /\/src\/app\/routes\//.test(id);
    if (!page && (getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0) return undefined;
    if (tracker && board) return id.includes('/node_modules/') ? undefined : 'lists';
    if (tracker) return 'tracker';
    if (board) return 'board';
    return undefined;
  };
}

export default defineConfig({
  plugins: [react(), pagePreloads()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the size budget test (web/test/unit/bundle-size.test.ts) reads it.
    manifest: true,
    rollupOptions: { output: { manualChunks: areaChunks() } },
    // `<link rel="modulepreload">` is in every browser the site supports (Safari since 17); an
    // older one only loads the page's chunks a little later, so the polyfill's bytes are not sent.
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: {
      '/api': localStack,
      '/config.json': localStack,
    },
  },
});
