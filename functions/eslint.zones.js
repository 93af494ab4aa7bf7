import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createNodeResolver } from 'eslint-plugin-import-x';

/**
 * The import boundaries inside functions/src:
 * - entries (`handlers/<domain>/`, `triggers/`, `custom-resources/`) are imported by nothing but
 *   their own folder's siblings;
 * - `lib/` (logger, env, errors, tokens…) imports no module, no `http/`, no entry;
 * - `http/` (the one middy chain) imports no module except the caller lookup of accounts;
 * - modules know nothing of HTTP and import other modules only along MODULE_DEPENDENCIES;
 * - only modules talk to the table itself (the client, transactions, batch reads).
 * Folders are read when the config loads, so a module or a handler folder added later gets its
 * zone without editing this file (an undeclared module may import any other until declared).
 */
const SRC = './functions/src';
const srcDir = new URL('./src/', import.meta.url);

/**
 * Which modules each module may import (besides itself, `lib/` and the table). The graph has no
 * circle (checked below): the lower module never knows the higher one, and a flow that spans
 * both (the queued mails, a merge) lives in the higher module or in its entry.
 */
export const MODULE_DEPENDENCIES = {
  table: [],
  'rate-limits': [],
  mail: [],
  projects: [],
  eggs: [],
  accounts: ['eggs', 'mail', 'rate-limits'],
  notifications: ['accounts', 'mail'],
  // Webhook events go into the transactions of the changes they tell about; a merge's own
  // notification events are read as webhook events; the admins are told of a failing endpoint.
  webhooks: ['accounts', 'notifications'],
  publishing: ['eggs', 'notifications', 'projects', 'webhooks'],
  features: ['accounts', 'eggs', 'notifications', 'projects', 'publishing', 'webhooks'],
  tracker: ['notifications', 'projects', 'publishing', 'webhooks'],
  // The merge engine and the subject kinds it moves votes of.
  votable: ['eggs', 'features', 'notifications', 'projects', 'publishing', 'tracker'],
  comments: ['features', 'notifications', 'webhooks'],
  search: ['features', 'tracker'],
};

/** Fails the lint run at load when the declared module graph has a circle. */
function assertNoCircle(graph) {
  const done = new Set();
  const visit = (module, path) => {
    if (path.includes(module)) {
      throw new Error(`MODULE_DEPENDENCIES has a circle: ${[...path, module].join(' -> ')}`);
    }
    if (done.has(module)) return;
    for (const next of graph[module] ?? []) visit(next, [...path, module]);
    done.add(module);
  };
  for (const module of Object.keys(graph)) visit(module, []);
}
assertNoCircle(MODULE_DEPENDENCIES);

const foldersOf = (relative) => {
  try {
    return fs
      .readdirSync(fileURLToPath(new URL(relative, srcDir)), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
};

const ENTRIES = [`${SRC}/handlers`, `${SRC}/triggers`, `${SRC}/custom-resources`];
const TABLE_ACCESS = ['client.ts', 'transactions.ts', 'batch-get.ts'].map(
  (file) => `${SRC}/modules/table/${file}`,
);

const zones = [
  {
    target: './functions',
    from: ['./web', './infra'],
    message: 'functions/ may import only shared/',
  },
  {
    target: [`${SRC}/modules`, `${SRC}/http`, `${SRC}/lib`],
    from: ENTRIES,
    message: 'handlers, triggers and custom resources are entries: nothing imports them',
  },
  ...foldersOf('handlers/').map((domain) => ({
    target: `${SRC}/handlers/${domain}`,
    from: `${SRC}/handlers`,
    except: [`./${domain}`],
    message: "a handler imports only its own folder's helpers; shared logic belongs in a module",
  })),
  {
    target: `${SRC}/triggers`,
    from: `${SRC}/handlers`,
    message: 'triggers do not import handlers',
  },
  {
    target: `${SRC}/lib`,
    from: [`${SRC}/modules`, `${SRC}/http`],
    message: 'lib/ holds cross-cutting utilities: it imports no module and no http/',
  },
  {
    target: `${SRC}/modules`,
    from: `${SRC}/http`,
    message: 'modules know nothing of HTTP: handlers adapt requests to module calls',
  },
  {
    target: `${SRC}/http`,
    from: `${SRC}/modules`,
    except: ['./accounts/users-repository.ts'],
    message: 'http/ reads only the caller lookup of accounts; handlers call the modules',
  },
  {
    target: [...ENTRIES, `${SRC}/http`, `${SRC}/lib`],
    from: TABLE_ACCESS,
    message: 'only modules talk to the table: call the owning module instead',
  },
  ...foldersOf('modules/')
    .filter((module) => module !== 'table' && MODULE_DEPENDENCIES[module])
    .map((module) => ({
      target: `${SRC}/modules/${module}`,
      from: `${SRC}/modules`,
      except: [module, 'table', ...MODULE_DEPENDENCIES[module]].map((allowed) => `./${allowed}`),
      message: `modules/${module} may import only ${['table', ...MODULE_DEPENDENCIES[module]].join(', ')} (MODULE_DEPENDENCIES in functions/eslint.zones.js)`,
    })),
  {
    target: `${SRC}/modules/table`,
    from: `${SRC}/modules`,
    except: ['./table'],
    message: 'the table is the bottom layer: it imports no other module',
  },
];

/** The flat-config block; later than the repository-wide one, so it replaces its zones here. */
export const functionsModuleZones = {
  files: ['functions/src/**/*.ts'],
  // The default resolver and parser settings know no `.ts`: without these, the zones and
  // no-cycle see no import of a TypeScript file at all.
  settings: {
    'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs'],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
    'import-x/resolver-next': [
      createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.json', '.node'] }),
    ],
  },
  rules: { 'import-x/no-restricted-paths': ['error', { zones }] },
};
