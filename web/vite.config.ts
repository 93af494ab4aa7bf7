import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** Where `npm start` serves the API and `/config.json`; the dev server forwards to it. */
const localStack = process.env.HATCHWORKS_DEV_BACKEND ?? 'http://localhost:3000';

/**
 * Modules fetched with the HTML rather than after the entry has run: the Home route, the landing
 * page. Without it the browser learns of it only once the entry chunk is downloaded and
 * `/config.json` is in, one round trip after the other. (The sign-in client is not among them: it
 * loads only for a stored session or a sign-in, see web/src/lib/hosted-login.ts.)
 */
const EARLY_MODULES = ['src/app/routes/home.tsx'];

function preloadEarlyModules(): Plugin {
  return {
    name: 'hatchworks:preload-early-modules',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).flatMap((output) =>
          output.type === 'chunk' ? [output] : [],
        );
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
        for (const module of EARLY_MODULES) {
          const chunk = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(module));
          if (!chunk) throw new Error(`No chunk for ${module}: is it still loaded lazily?`);
          visit(chunk.fileName);
        }
        return [
          ...[...scripts].map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
          ...[...styles].map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), preloadEarlyModules()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the size budget test (web/test/unit/bundle-size.test.ts) reads it.
    manifest: true,
  },
  server: {
    proxy: {
      '/api': localStack,
      '/config.json': localStack,
    },
  },
});
