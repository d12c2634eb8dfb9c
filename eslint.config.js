// @ts-check
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The import rules of docs/architecture.md, checked by a machine: contract imports nothing of ours;
 * renderer, server, main and preload may import contract but not each other; inside renderer
 * the direction is pages → shell → features → ui → core → contract, and a feature never
 * imports another feature; from outside a feature, only its index.ts. An application
 * (renderer/apps/<name>/) uses PH's public surface (renderer/ph/index.tsx) and the contract only,
 * and nothing imports an application. Tests may import anything.
 */
const elements = [
  { type: 'test', pattern: ['**/*.test.ts', '**/*.test.tsx', 'tests/**'], mode: 'full' },
  { type: 'contract', pattern: 'contract/**', mode: 'full' },
  { type: 'core', pattern: 'renderer/core/**', mode: 'full' },
  { type: 'ui', pattern: 'renderer/ui/**', mode: 'full' },
  { type: 'feature', pattern: 'renderer/features/*/**', mode: 'full', capture: ['feature'] },
  { type: 'shell', pattern: 'renderer/shell/**', mode: 'full' },
  { type: 'pages', pattern: 'renderer/pages/**', mode: 'full' },
  { type: 'boot', pattern: 'renderer/boot/**', mode: 'full' },
  { type: 'ph', pattern: 'renderer/ph/**', mode: 'full' },
  { type: 'app', pattern: 'renderer/apps/*/**', mode: 'full', capture: ['app'] },
  { type: 'renderer-entry', pattern: 'renderer/*.{ts,tsx}', mode: 'full' },
  { type: 'server', pattern: 'server/**', mode: 'full' },
  { type: 'main', pattern: 'main/**', mode: 'full' },
  { type: 'preload', pattern: 'preload/**', mode: 'full' },
  { type: 'tooling', pattern: ['scripts/**', '*.config.ts', '*.config.js'], mode: 'full' },
];

/** A feature's front door: from outside the feature, only its index.ts may be imported. */
const featureDoor = [
  {
    target: ['feature'],
    disallow: ['*'],
    message:
      "Import the feature's index (renderer/features/${dependency.feature}/index), not its file ${dependency.internalPath}",
  },
  { target: ['feature'], allow: ['index.ts'] },
];

const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'dist-electron/',
      'release/',
      'test-results/',
      'coverage/',
      '.edudesk-data/',
      '.edudesk-cluster/',
      'bench-report/',
      'renderer/public/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  ...tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Command-line tools print their results.
    files: ['scripts/**', 'tests/bench/**', 'server/main.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      'boundaries/include': ['**/*.{ts,tsx,js,mjs}'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
      // Lazy imports and re-exports cross the boundaries too.
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
    },
    rules: {
      'boundaries/no-unknown-files': 'off',
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          message: '${file.type} must not import ${dependency.type} (see docs/architecture.md)',
          rules: [
            { from: 'test', allow: ['*'] },
            { from: 'contract', allow: ['contract'] },
            { from: 'core', allow: ['core', 'contract'] },
            { from: 'ui', allow: ['ui', 'core', 'contract'] },
            {
              from: 'feature',
              allow: [['feature', { feature: '${from.feature}' }], 'ui', 'core', 'contract'],
            },
            { from: 'shell', allow: ['shell', 'feature', 'ui', 'core', 'contract'] },
            { from: 'pages', allow: ['pages', 'shell', 'feature', 'ui', 'core', 'contract'] },
            { from: 'ph', allow: ['ph', 'feature', 'ui', 'core', 'contract'] },
            {
              from: 'boot',
              allow: ['boot', 'pages', 'feature', 'ui', 'core', 'contract'],
            },
            { from: 'renderer-entry', allow: ['boot', 'ph', 'core', 'contract'] },
            { from: 'app', allow: [['app', { app: '${from.app}' }], 'ph', 'contract'] },
            { from: 'server', allow: ['server', 'contract'] },
            { from: 'main', allow: ['main', 'contract'] },
            { from: 'preload', allow: ['contract'] },
            { from: 'tooling', allow: ['tooling', 'contract'] },
          ],
        },
      ],
    },
  },
  {
    // Outside a feature, a feature is reached through its index.ts (inside it, any file).
    files: ['renderer/**/*.{ts,tsx}'],
    ignores: ['renderer/features/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: { 'boundaries/entry-point': ['error', { default: 'allow', rules: featureDoor }] },
  },
  {
    // An application sees PH through its public index only (what ph.d.ts describes).
    files: ['renderer/apps/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'boundaries/entry-point': [
        'error',
        {
          default: 'allow',
          rules: [
            ...featureDoor,
            {
              target: ['ph'],
              disallow: ['*'],
              message: "An application imports PH's public index (renderer/ph/index) only",
            },
            { target: ['ph'], allow: ['index.tsx'] },
          ],
        },
      ],
    },
  },
  {
    // The renderer and the contract run in a browser: no Node built-ins, no Electron.
    files: ['renderer/**/*.{ts,tsx}', 'contract/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...nodeBuiltins.map((name) => ({ name, message: 'The renderer runs in a browser.' })),
            { name: 'electron', message: 'Reach the desktop only through renderer/core/host.ts.' },
          ],
        },
      ],
    },
  },
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...nodeBuiltins.map((name) => ({ name, message: 'contract is pure TypeScript.' })),
            { name: 'electron', message: 'contract is pure TypeScript.' },
            { name: 'react', message: 'contract is pure TypeScript.' },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.tsx', 'renderer/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
