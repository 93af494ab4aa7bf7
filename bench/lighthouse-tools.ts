import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * Lighthouse and its Chrome launcher live in their own install (bench/lighthouse/, about 160
 * packages and 170 MB), which `npm run bench:web` makes before it runs: the site, its tests and CI
 * never load them. What the web bench uses of them is typed here.
 */

export interface LighthouseResult {
  readonly lhr: {
    readonly lighthouseVersion: string;
    readonly runtimeError?: { readonly message: string };
    readonly environment: { readonly hostUserAgent: string };
    readonly categories: Readonly<Record<string, { readonly score: number | null } | undefined>>;
    readonly audits: Readonly<Record<string, { readonly numericValue?: number } | undefined>>;
  };
}

export interface LighthouseFlags {
  readonly port: number;
  readonly output: 'json';
  readonly logLevel: 'error';
  readonly onlyCategories: readonly string[];
}

export interface LaunchedChrome {
  readonly port: number;
  kill(): void;
}

export interface LighthouseTools {
  lighthouse(url: string, flags: LighthouseFlags): Promise<LighthouseResult | undefined>;
  launch(options: { chromePath: string; chromeFlags: readonly string[] }): Promise<LaunchedChrome>;
}

const INSTALL = new URL('./lighthouse/package.json', import.meta.url);

/** Imports the tools from bench/lighthouse/ (run `npm ci --prefix bench/lighthouse` first). */
export async function loadLighthouseTools(): Promise<LighthouseTools> {
  const require = createRequire(INSTALL);
  const load = async (name: string): Promise<Record<string, unknown>> => {
    let path: string;
    try {
      path = require.resolve(name);
    } catch (error) {
      throw new Error(
        `${name} is not installed for the web bench: run "npm ci --prefix bench/lighthouse" (npm run bench:web does).`,
        { cause: error },
      );
    }
    return (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  };
  const [lighthouse, launcher] = await Promise.all([load('lighthouse'), load('chrome-launcher')]);
  return {
    lighthouse: lighthouse.default as LighthouseTools['lighthouse'],
    launch: launcher.launch as LighthouseTools['launch'],
  };
}
