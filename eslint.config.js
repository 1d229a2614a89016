// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Web features may not import one another (architecture.md section 2). */
const webFeatures = (() => {
  try {
    return readdirSync('apps/web/src/features', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
})();

/**
 * Server modules (apps/server/src/modules/<name>) and the files through which other modules may reach
 * them: their services (`*.service.ts`). Routes and repositories stay private to their module.
 */
const serverModules = (() => {
  try {
    return readdirSync('apps/server/src/modules', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => ({
        name: d.name,
        services: readdirSync(`apps/server/src/modules/${d.name}`).filter((f) => f.endsWith('.service.ts')),
      }));
  } catch {
    return [];
  }
})();

const serverZones = [
  // Providers and the database layer are below the modules: they never import them.
  {
    target: ['./apps/server/src/providers', './apps/server/src/db'],
    from: './apps/server/src/modules',
    message: 'Providers and db must not import modules; hand them what they need instead.',
  },
  // A module reaches another module only through its service.
  ...serverModules.map(({ name }) => ({
    target: `./apps/server/src/modules/${name}`,
    from: './apps/server/src/modules',
    except: [
      `./${name}`,
      ...serverModules.filter((m) => m.name !== name).flatMap((m) => m.services.map((f) => `./${m.name}/${f}`)),
    ],
    message: "A module reaches another module only through that module's service (*.service.ts).",
  })),
];

const importDirections = [
  ...serverZones,
  // The domain imports nothing of ours.
  { target: './packages/domain', from: './apps', message: 'packages/domain must not import the apps.' },
  { target: './packages/domain', from: './e2e', message: 'packages/domain must not import e2e.' },
  // The server never imports the web app, and vice versa (the web takes server *types* only, below).
  { target: './apps/server', from: './apps/web', message: 'The server must not import the web app.' },
  // Inside the web app: shared code -> features -> app.
  {
    target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/i18n'],
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'Shared web code must not import features or the app.',
  },
  { target: './apps/web/src/features', from: './apps/web/src/app', message: 'Features must not import the app.' },
  ...webFeatures.map((name) => ({
    target: `./apps/web/src/features/${name}`,
    from: './apps/web/src/features',
    except: [`./${name}`],
    message: 'Features must not import each other; compose them in src/app.',
  })),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/coverage/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['packages/domain/tsconfig.json', 'apps/server/tsconfig.json', 'apps/web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: importDirections }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // env.ts is the one reader of process.env.
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through apps/server/src/env.ts.' },
      ],
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The web app may import server *types*, never code.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@carte/server', '@carte/server/*', '**/apps/server/**', '../../server/**'], allowTypeImports: true, message: 'The web app may import types from the server, never code.' },
          ],
        },
      ],
    },
  },
  {
    // Tests and their helpers may reach across server modules (fixtures, seeds); the other directions hold.
    files: ['apps/server/**/*.test.ts', 'apps/server/**/test-support.ts', 'apps/server/test/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: importDirections.filter((zone) => !serverZones.includes(zone)).concat(serverZones.slice(0, 1)) },
      ],
    },
  },
  {
    // Entry points and tooling that legitimately read the environment.
    files: ['apps/server/src/env.ts', 'scripts/**', 'e2e/**', '**/*.config.{ts,js,mjs}', '.ci/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
);
