import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Where `npm start` serves the API and `/config.json`; the dev server forwards to it. */
const localStack = process.env.HATCHWORKS_DEV_BACKEND ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': localStack,
      '/config.json': localStack,
    },
  },
});
