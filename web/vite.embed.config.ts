import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The feedback widget's panel (`embed.html`, served for `/embed/<project>`), built on its own after
 * the app into the same folder: a build of its own shares no chunk with the app, so the panel loads
 * only what it shows (no router, no page of the site).
 */
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    copyPublicDir: false,
    // dist/.vite/embed-manifest.json: the size budget test reads it beside the app's manifest.
    manifest: '.vite/embed-manifest.json',
    rollupOptions: { input: 'embed.html' },
    modulePreload: { polyfill: false },
  },
});
