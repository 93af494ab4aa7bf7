import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Built like the site (web/vite.config.ts), with the same plugin; the bench serves it under /apps/floor/. */
export default defineConfig({
  root: import.meta.dirname,
  base: '/apps/floor/',
  plugins: [react()],
});
