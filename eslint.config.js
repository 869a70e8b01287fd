import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { moduleBoundaries } from './eslint-rules/module-boundaries.js';

/**
 * Layers of the web app, lowest first: the lower layers (api: the HTTP client and typed calls;
 * access: permission points; i18n: per-chunk texts), then the widgets (components), then the shell
 * (app) and the pages. A layer imports only from layers below it, so a widget never reaches into the
 * shell's store or client: what it needs comes from a lower layer or through props.
 */
const WEB = 'apps/web/src';
const LOWER_LAYERS = ['api', 'access', 'i18n'].map((layer) => `${WEB}/${layer}/**`);
/** A relative import that climbs out of its folder into one of these top-level folders of src/. */
const importInto = (...folders) => `^(\\./)?(\\.\\./)+(${folders.join('|')})(/|$)`;
const layerRule = (folders, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ regex: importInto(...folders), message }] }],
});

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'apps/server/drizzle/**', 'bench/results/**', 'e2e/artifacts/**', '**/.*'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error', 'warn', 'log'] }],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { portal: { rules: { 'module-boundaries': moduleBoundaries } } },
    rules: { 'portal/module-boundaries': 'error' },
  },
  {
    // The contracts run in the browser: these builders bring TypeBox's type engine (~12 KB gzip on
    // every page). object-parts.ts has pick and omit without it.
    files: ['packages/contracts/src/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...[
          'Record',
          'Partial',
          'Required',
          'Pick',
          'Omit',
          'Intersect',
          'Composite',
          'KeyOf',
          'Mapped',
          'Index',
          'Extends',
          'TemplateLiteral',
        ].map((property) => ({
          object: 'Type',
          property,
          message: "Not in the contracts: it brings TypeBox's type engine into every page (see object-parts.ts).",
        })),
      ],
    },
  },
  { files: ['apps/web/src/**', 'apps/micro-demo/src/**'], languageOptions: { globals: { ...globals.browser } } },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' } },
  {
    files: [`${WEB}/components/**`],
    rules: layerRule(['app', 'pages'], 'Widgets sit below the shell and the pages: take it from api/, access/, i18n/ or through props.'),
  },
  {
    files: LOWER_LAYERS,
    rules: layerRule(['app', 'pages', 'components'], 'A lower layer (api, access, i18n) imports nothing from the layers above it.'),
  },
);
