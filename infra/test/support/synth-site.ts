import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import type { AppFunction } from '../../aws/constructs/app-function';
import { cdkJsonContext } from '../../aws/config/cdk-context';
import { createSiteApp, type SiteApp } from '../../aws/site-app';

/** A tiny stand-in for `web/dist`, so tests do not depend on a web build. */
export function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hatchworks-web-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Hatchworks</title>');
  writeFileSync(join(dir, 'assets', 'main-abc123.js'), 'console.log("hi")');
  return dir;
}

/** A stand-in for `apps/`: one project's build and the folder's README. */
export function fakeProjectBuilds(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hatchworks-apps-'));
  mkdirSync(join(dir, 'yolk-runner'));
  writeFileSync(
    join(dir, 'yolk-runner', 'index.html'),
    '<!doctype html><title>Yolk Runner</title>',
  );
  writeFileSync(join(dir, 'README.md'), '# Project builds');
  return dir;
}

/** The sender every synthesized site has unless a test takes it away (`mailFrom: undefined`). */
export const TEST_MAIL_FROM = 'no-reply@hatchworks.example';

/**
 * What a test's context is laid over: the tests hold the deployable shape to account, so prod
 * (unless a test asks for dev) with a sender (prod refuses to synthesize without one).
 */
const BASE_CONTEXT = { stage: 'prod', mailFrom: TEST_MAIL_FROM };

export interface SynthOptions {
  /** Operator context (`-c key=value`). */
  readonly context?: Record<string, unknown>;
  /** Run esbuild for every function (slow); otherwise bundling is skipped. */
  readonly bundle?: boolean;
  /** @default a fresh fake bundle */
  readonly webDistPath?: string;
  /** @default a fresh fake `apps/` folder */
  readonly projectBuildsPath?: string;
}

export interface SynthesizedSite extends SiteApp {
  readonly template: Template;
}

/**
 * Synthesized sites by their options. Tests only read a synthesized site, so every test file of
 * the worker shares one synthesis per configuration instead of paying cdk-nag's seconds again.
 */
const synthesized = new Map<string, SynthesizedSite>();

/**
 * Synthesizes the real app (cdk-nag included) as `cdk synth` would, minus the CLI; the same
 * configuration is synthesized once per worker (a test that gives its own build folders gets a
 * fresh synthesis).
 */
export function synthSite(options: SynthOptions = {}): SynthesizedSite {
  if (options.webDistPath !== undefined || options.projectBuildsPath !== undefined) {
    return synthesize(options);
  }
  // Keyed by the context the app gets, so `{}` and `{ mailFrom: TEST_MAIL_FROM }` share one synthesis.
  const context = { ...BASE_CONTEXT, ...options.context };
  const key = JSON.stringify({ context, bundle: options.bundle ?? false });
  let site = synthesized.get(key);
  if (!site) {
    site = synthesize(options);
    synthesized.set(key, site);
  }
  return site;
}

function synthesize(options: SynthOptions): SynthesizedSite {
  const site = createSiteApp(
    {
      context: {
        ...cdkJsonContext(),
        ...(options.bundle ? {} : { 'aws:cdk:bundling-stacks': [] }),
        ...BASE_CONTEXT,
        ...options.context,
      },
    },
    {
      webDistPath: options.webDistPath ?? fakeWebDist(),
      projectBuildsPath: options.projectBuildsPath ?? fakeProjectBuilds(),
    },
  );
  return { ...site, template: Template.fromStack(site.stack) };
}

/** The logical id CloudFormation gives a construct's main resource. */
export function logicalIdOf(site: SiteApp, resource: { node: { defaultChild?: unknown } }): string {
  const child = resource.node.defaultChild;
  if (!child || typeof child !== 'object' || !('logicalId' in child)) {
    throw new Error('construct has no CloudFormation resource');
  }
  return String(site.stack.resolve((child as { logicalId: string }).logicalId));
}

/** A resource of a synthesized template, as its JSON holds it. */
export interface TemplateResource {
  readonly Type: string;
  readonly Properties?: Record<string, unknown>;
  readonly DependsOn?: string | string[];
}

/** The site stack's resources by logical id. */
export const resourcesOf = (site: SynthesizedSite): Record<string, TemplateResource> =>
  site.template.toJSON().Resources as Record<string, TemplateResource>;

/** The one resource of `type` in the site stack (fails when there are none or several). */
export function onlyResource(site: SynthesizedSite, type: string) {
  const found = Object.entries(resourcesOf(site)).filter(([, resource]) => resource.Type === type);
  const [entry, ...others] = found;
  if (!entry || others.length > 0) throw new Error(`expected one ${type}, found ${found.length}`);
  return { id: entry[0], ...entry[1], Properties: entry[1].Properties ?? {} };
}

/** The function of a route of the manifest, by route id. */
export function routeFunction(site: SynthesizedSite, routeId: string): AppFunction {
  const fn = site.stack.api.functions.get(routeId);
  if (!fn) throw new Error(`no function for ${routeId}`);
  return fn;
}

/** A function's environment variables as synthesized. */
export function environmentOf(site: SynthesizedSite, fn: AppFunction): Record<string, unknown> {
  const resource = resourcesOf(site)[logicalIdOf(site, fn.function)];
  return ((resource?.Properties?.Environment as { Variables?: Record<string, unknown> })
    ?.Variables ?? {}) as Record<string, unknown>;
}
