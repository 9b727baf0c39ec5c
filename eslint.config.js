import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Dependencies point one way (architecture page): packages import no app, web never imports server. */
const restrict = (message, patterns) => ['error', { patterns: [{ group: patterns, message }] }];

/**
 * The portal's layers: app → features → components and lib. A feature is a closed box: another
 * feature may use it only through its public index.ts (today only step-up has one), never its
 * files; components/ and lib/ import no feature and no app code, so any feature can use them.
 */
const web = path.join(import.meta.dirname, 'web', 'src');
const webFeatures = readdirSync(path.join(web, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webLayers = [
  ...webFeatures.map((feature) => ({
    target: path.join(web, 'features', feature),
    from: path.join(web, 'features'),
    except: [`./${feature}`, ...webFeatures.filter((other) => other !== feature).map((other) => `./${other}/index.ts`)],
    message: 'A feature imports another feature only through its index.ts.',
  })),
  { target: path.join(web, 'features'), from: path.join(web, 'app'), message: 'Features do not import the app shell or router.' },
  {
    target: [path.join(web, 'components'), path.join(web, 'lib')],
    from: [path.join(web, 'features'), path.join(web, 'app')],
    message: 'components/ and lib/ serve every feature: they import no feature and no app code.',
  },
];

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
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // The files an import leads to are parsed too (no-cycle follows them), as TypeScript.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ tsconfig: { configFile: path.join(import.meta.dirname, 'web', 'tsconfig.json') }, extensions: ['.ts', '.tsx', '.js'] }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: webLayers }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: ['packages/**/*.ts'],
    rules: { 'no-restricted-imports': restrict('shared packages import no app', ['**/server/**', '**/web/**', '@verigate/server', '@verigate/web']) },
  },
  { files: ['scripts/**/*.mjs', 'e2e/**/*.ts', 'bench/**/*.ts', 'server/src/admin-cli.ts'], rules: { 'no-console': 'off' } },
);
