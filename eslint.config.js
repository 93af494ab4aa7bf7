import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import vitest from '@vitest/eslint-plugin';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { functionsModuleZones } from './functions/eslint.zones.js';

/** Each web feature may import no other: app/ composes them; shared pieces live in components/ and lib/. */
const webFeatures = readdirSync(new URL('./web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = webFeatures.map((feature) => ({
  target: `./web/src/features/${feature}`,
  from: './web/src/features',
  except: [`./${feature}`],
  message:
    'a feature imports no other feature: move the shared piece to components/ or lib/, or compose in app/',
}));

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'cdk.out/**', '.data/**', '.bench/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    // import-x resolves no TypeScript file by default: without these, the zones and no-cycle see
    // no import of one at all.
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.json', '.node'] }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Our cycles only: following every package's own imports took half of lint's time.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Imports go one way (docs/architecture.md): shared ← functions ← infra; shared ← web.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './shared',
              from: ['./functions', './web', './infra'],
              message: 'shared/ imports nothing of ours',
            },
            // Tests may drive the local stack (infra/local); the shipped code may not.
            {
              target: './functions/src',
              from: ['./web', './infra'],
              message: 'functions/ may import only shared/',
            },
            {
              target: './web/src',
              from: ['./functions', './infra'],
              message: 'web/ may import only shared/',
            },
          ],
        },
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      // Features do not import each other; app composes them (bulletproof-react).
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './web/src',
              from: ['./functions', './infra'],
              message: 'web/ may import only shared/',
            },
            { target: './web/src/features', from: './web/src/app' },
            { target: './web/src/components', from: ['./web/src/features', './web/src/app'] },
            { target: './web/src/lib', from: ['./web/src/features', './web/src/app'] },
            ...featureZones,
          ],
        },
      ],
    },
  },
  {
    files: ['infra/local/**/*.ts', '**/bench/**/*.ts', 'scripts/**/*.{ts,js}'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**/*.ts'],
    plugins: { vitest },
    rules: {
      ...vitest.configs.recommended.rules,
      'vitest/no-focused-tests': 'error',
      'vitest/no-disabled-tests': 'error',
    },
  },
  functionsModuleZones,
);
