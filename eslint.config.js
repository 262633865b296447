import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import floors from './eslint-rules/floors.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'e2e/screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The floors of the house: imports go down, never sideways between features (eslint-rules/floors.js).
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    plugins: { kestrel: floors },
    rules: { 'kestrel/floors': ['error', { root: import.meta.dirname }] },
  },
);
