import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const CONFIG = fileURLToPath(new URL('./vite.config.ts', import.meta.url));

/**
 * Builds the floor page for production into `outDir` (whatever NODE_ENV the caller runs with:
 * vitest sets `test`) and answers the gzip weight of its JS and CSS in KB, as a CDN sends them.
 */
export async function buildFloor(outDir: string): Promise<number> {
  await build({
    configFile: CONFIG,
    mode: 'production',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  const assets = join(outDir, 'assets');
  const bytes = readdirSync(assets)
    .filter((name) => /\.(js|css)$/.test(name))
    .reduce(
      (sum, name) => sum + gzipSync(readFileSync(join(assets, name)), { level: 9 }).length,
      0,
    );
  return bytes / 1024;
}
