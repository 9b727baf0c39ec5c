import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Dependencies point one way (architecture page): packages import no app, web never imports server. */
const restrict = (message, patterns) => ['error', { patterns: [{ group: patterns, message }] }];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': restrict('web may import contracts, never the server', ['**/server/**', '@verigate/server']),
    },
  },
  {
    files: ['packages/**/*.ts'],
    rules: { 'no-restricted-imports': restrict('shared packages import no app', ['**/server/**', '**/web/**', '@verigate/server', '@verigate/web']) },
  },
  { files: ['scripts/**/*.mjs', 'e2e/**/*.ts', 'bench/**/*.ts', 'server/src/admin-cli.ts'], rules: { 'no-console': 'off' } },
);
