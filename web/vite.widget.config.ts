import { defineConfig } from 'vite';
import { WIDGET_SCRIPT_FILE } from '../shared/src/embed';

/**
 * The feedback widget's script (`dist/widget.js`), built on its own after the app into the same
 * folder: a classic script (IIFE) under a stable name, since projects' pages load it by URL, and
 * with nothing of the app's in it (web/test/unit/widget-size.test.ts checks the build).
 */
export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    copyPublicDir: false,
    minify: true,
    lib: {
      entry: 'src/widget/widget.ts',
      formats: ['iife'],
      // Vite asks an IIFE for a global name; the entry exports nothing, so none is defined.
      name: 'hatchworksFeedback',
      fileName: () => WIDGET_SCRIPT_FILE,
    },
  },
});
