import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { moduleBoundaries } from './eslint-rules/module-boundaries.js';

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
  { files: ['apps/web/src/**', 'apps/micro-demo/src/**'], languageOptions: { globals: { ...globals.browser } } },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' } },
);
