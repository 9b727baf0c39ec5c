import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Dependencies point one way (architecture page): packages import no app, web never imports server. */
const restrict = (message, patterns) => ['error', { patterns: [{ group: patterns, message }] }];

/**
 * The server's layers (docs/decisions, architecture page). A module's public file is its
 * `service.ts`: other modules, context.ts and the gateway's neighbours reach a module only there,
 * and app.ts alone also registers its `routes.ts`. The gateway imports platform, db, config,
 * catalog and contracts, never a module; others reach the gateway only through its index.ts;
 * platform imports no module and no gateway.
 */
const SERVER = 'server/src';
const APP_LEVEL = ['app.ts', 'context.ts', 'main.ts', 'admin-cli.ts'].map((file) => `./${SERVER}/${file}`);
const serverModules = readdirSync(new URL(`./${SERVER}/modules`, import.meta.url));
const serverZones = [
  ...serverModules.flatMap((module) => [
    {
      target: [`./${SERVER}/!(modules)/**/*`, `./${SERVER}/!(app).ts`, `./${SERVER}/modules/!(${module})/**/*`],
      from: `./${SERVER}/modules/${module}`,
      except: ['./service.ts'],
      message: `Reach the ${module} module through its public modules/${module}/service.ts.`,
    },
    {
      target: `./${SERVER}/app.ts`,
      from: `./${SERVER}/modules/${module}`,
      except: ['./service.ts', './routes.ts'],
      message: `app.ts builds modules/${module}/service.ts and registers modules/${module}/routes.ts, nothing else of it.`,
    },
  ]),
  {
    target: [`./${SERVER}/modules/**/*`, ...APP_LEVEL],
    from: `./${SERVER}/gateway`,
    except: ['./index.ts'],
    message: 'Reach the gateway through its public gateway/index.ts: the pipeline for a trial, the routes for app.ts.',
  },
  {
    target: `./${SERVER}/gateway`,
    from: [`./${SERVER}/modules`, ...APP_LEVEL],
    message: 'The gateway imports platform, db, config, catalog and contracts only: it reads the tables it needs itself.',
  },
  {
    target: `./${SERVER}/platform`,
    from: [`./${SERVER}/modules`, `./${SERVER}/gateway`, ...APP_LEVEL],
    message: 'Platform code serves every module and imports none: take what it needs as a parameter.',
  },
];

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
  {
    files: ['server/**/*.ts', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.json'], extensionAlias: { '.js': ['.ts', '.js'] } })],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    files: ['server/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: serverZones }] },
  },
);
