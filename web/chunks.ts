import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import type { Plugin, Rollup } from 'vite';

/**
 * How the build splits the portal into files. A phone's browser fetches six files at a time over a
 * slow network, so the number of files the first screens need, more than their bytes, sets when
 * they show. e2e/journeys/page-weight.test.ts keeps /login and the dashboard within their budgets
 * and fails if zod or the selects come back into either's first download.
 *
 * Rollup puts a module named here in the file named for it and, with it, every module it imports
 * that no other named file holds: also an import that tree-shaking drops, such as a schema module
 * imported for one of its constants, or a package's index. Hence the files of their own for zod and
 * the toasts, and the imports of the contracts by module (contractsImportedFromTheirModules).
 */

const SRC = path.join(import.meta.dirname, 'src');
const ENTRY = path.join(SRC, 'main.tsx');
const LOGIN_SCREEN = path.join(SRC, 'features/auth/routes/login.tsx');
/** Where a signed-in visit lands: the shell and the dashboard. */
const LANDING_SCREENS = [path.join(SRC, 'app/shell/application-layout.tsx'), path.join(SRC, 'features/dashboard/routes/dashboard.tsx')];

/**
 * The Mantine components the sign-in screens draw. They share one file with Mantine's core; the
 * other components are in files that only signed-in screens load. A component used on /login and
 * missing here would bring such a file into /login's download: the page weight check fails then.
 */
const SIGN_IN_COMPONENTS =
  /\/@mantine\/core\/esm\/components\/(ActionIcon|Anchor|Box|Button|Center|CloseButton|Divider|Group|Input|InputBase|Loader|Paper|PasswordInput|Stack|Text|TextInput|Title|Transition|UnstyledButton)\//;

/**
 * The Mantine components the signed-in shell and the dashboard draw, with the parts they are built
 * from (a modal's scroll area, a nav link's chevron), and Floating UI, which places their menus and
 * tooltips: a file the dashboard loads beside the sign-in kit. The rest (selects, tabs, tables,
 * radios, ...) is in a third file that the other screens load; a component the dashboard draws and
 * missing here brings that file into its download, which the page weight check notices by the
 * selects it holds.
 */
const SHELL_COMPONENTS =
  /\/@mantine\/core\/esm\/components\/(Accordion|Alert|AppShell|Avatar|Badge|Burger|Card|Checkbox|Code|Collapse|CopyButton|FocusTrap|Grid|InlineInput|List|Menu|Modal|ModalBase|NavLink|Overlay|Popover|Portal|Progress|ScrollArea|SimpleGrid|Skeleton|Switch|Textarea|ThemeIcon|Tooltip|VisuallyHidden)\//;

/** `roots` and everything `next` leads to from them, directly or through others. */
function reachable(roots: readonly string[], next: (id: string) => readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    next(id).forEach(visit);
  };
  roots.forEach(visit);
  return seen;
}

/** The portal's own modules that `roots` import, directly or through others. */
const portalModulesImported = (roots: string[], meta: Rollup.ManualChunkMeta): Set<string> =>
  reachable(roots, (id) => meta.getModuleInfo(id)?.importedIds.filter((imported) => !imported.includes('/node_modules/')) ?? []);

/**
 * The portal's code on the way to the first screens, in two files. 'boot' holds what the entry and
 * the login screen import: every page loads it with the entry. 'landing' holds the rest of what the
 * shell and the dashboard import, one file where Rollup's own split gave them fourteen, some holding
 * other screens' code. Every module they import is named in one of the two, so that neither takes a
 * module of the other. The screens themselves keep a file of their own, which the build manifest
 * names.
 */
function firstScreensModules(meta: Rollup.ManualChunkMeta) {
  const boot = portalModulesImported([ENTRY, LOGIN_SCREEN], meta);
  boot.delete(ENTRY);
  boot.delete(LOGIN_SCREEN);
  // Their stylesheets stay with the entry's, in one stylesheet that the page's first paint waits for.
  for (const id of boot) if (id.endsWith('.css')) boot.delete(id);
  const landing = portalModulesImported(LANDING_SCREENS, meta);
  for (const id of [...boot, ...LANDING_SCREENS]) landing.delete(id);
  return { boot, landing };
}

/** Mantine in three files: what the sign-in screens draw, what the shell and the dashboard add, and the rest. */
const MANTINE_KITS = ['sign-in-kit', 'shell-kit', 'mantine'] as const;

function mantineKit(id: string): (typeof MANTINE_KITS)[number] | undefined {
  if (SIGN_IN_COMPONENTS.test(id) || /\/node_modules\/(@mantine\/core\/esm\/core|clsx)\//.test(id)) return 'sign-in-kit';
  if (SHELL_COMPONENTS.test(id) || /\/node_modules\/@floating-ui\//.test(id)) return 'shell-kit';
  if (/\/node_modules\/@mantine\/core\/esm\/components\//.test(id)) return 'mantine';
  return undefined;
}

/**
 * A Mantine component's stylesheet (vite.config.ts imports it from the component's module) goes
 * in the first of the kits that hold a module importing it: loaded with the first screen that
 * draws the component, and not before.
 */
function mantineStylesheetKit(id: string, meta: Rollup.ManualChunkMeta) {
  if (!/\/node_modules\/@mantine\/core\/styles\/[\w-]+\.css$/.test(id)) return undefined;
  const kits = new Set(meta.getModuleInfo(id)?.importers.map(mantineKit));
  return MANTINE_KITS.find((kit) => kits.has(kit));
}

export function portalChunks(): (id: string, meta: Rollup.ManualChunkMeta) => string | undefined {
  let firstScreens: ReturnType<typeof firstScreensModules> | undefined;
  return (id, meta) => {
    // Every page needs these and they change only with an upgrade: one file, cached across releases.
    if (/\/node_modules\/(react|react-dom|scheduler|react-router|@tanstack\/react-query|@tanstack\/query-core)\//.test(id)) return 'react';
    const kit = mantineKit(id) ?? mantineStylesheetKit(id, meta);
    if (kit) return kit;
    if (id.includes('/node_modules/zod/')) return 'zod';
    // The toasts' store is used from the start; their container loads with the first toast.
    if (/\/node_modules\/@mantine\/(store\/|notifications\/esm\/notifications\.store)/.test(id)) return 'boot';
    if (/\/node_modules\/(@mantine\/notifications|react-transition-group)\/.*\.m?js$/.test(id)) return 'toasts';
    firstScreens ??= firstScreensModules(meta);
    if (firstScreens.boot.has(id)) return 'boot';
    if (firstScreens.landing.has(id)) return 'landing';
    return undefined;
  };
}

const CONTRACTS = '@verigate/contracts';
const CONTRACTS_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']@verigate\/contracts["'];?/g;

/**
 * The portal's imports from the contracts' index become imports from the modules that define the
 * names: an import of the index reaches every module of the contracts, and a file named in
 * portalChunks would take all of them, zod's schemas with them. Runs on the code esbuild has
 * stripped of its types, so every name left is a value. The contracts' modules keep the package's
 * `sideEffects: false`: they are loaded as the index resolves them.
 */
export const contractsImportedFromTheirModules = (): Plugin => {
  let definingModules: Promise<Map<string, string>> | undefined;
  return {
    name: 'contracts-imported-from-their-modules',
    apply: 'build',
    enforce: 'post',
    async transform(code, id) {
      if (!id.startsWith(SRC) || !code.includes(CONTRACTS)) return undefined;
      definingModules ??= (async () => {
        const index = await this.resolve(CONTRACTS, id);
        if (!index) throw new Error(`${CONTRACTS} does not resolve from ${id}`);
        const byName = new Map<string, string>();
        for (const [, source] of (await readFile(index.id, 'utf8')).matchAll(/^export \* from '([^']+)';$/gm)) {
          const module = await this.resolve(source!, index.id);
          if (!module) throw new Error(`${source} does not resolve from ${index.id}`);
          for (const name of (await this.load(module)).exports ?? []) byName.set(name, module.id);
        }
        return byName;
      })();
      const byName = await definingModules;
      return code.replace(CONTRACTS_IMPORT, (_statement, specifiers: string) =>
        specifiers
          .split(',')
          .map((specifier) => specifier.trim())
          .filter(Boolean)
          .map((specifier) => {
            const name = specifier.split(/\s+as\s+/)[0]!;
            const module = byName.get(name);
            if (!module) throw new Error(`${CONTRACTS}' index exports no ${name} (imported by ${id})`);
            return `import { ${specifier} } from ${JSON.stringify(module)};`;
          })
          .join('\n'),
      );
    },
  };
};

/** The dashboard page's own script: it asks for the first data while the app's code downloads. */
const EARLY_REQUESTS = path.join(SRC, 'app/early-requests.ts');

/** early-requests.ts and what it imports, as one script to write into a page. */
async function earlyRequestsScript(): Promise<string> {
  const { outputFiles } = await build({
    entryPoints: [EARLY_REQUESTS],
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    alias: { '@': SRC },
    logLevel: 'silent',
  });
  const script = outputFiles[0]?.text.trim();
  if (!script) throw new Error(`esbuild made no script of ${EARLY_REQUESTS}`);
  // The page holds it between <script> tags: a closing tag inside would end it there.
  if (/<\/script/i.test(script)) throw new Error(`${EARLY_REQUESTS} builds into a script that contains </script>`);
  return script;
}

/**
 * dashboard.html, the page the server sends for the dashboard: index.html with
 * - the dashboard's other scripts named (<link rel=modulepreload>), so that the browser fetches
 *   them with the entry rather than once the entry has run and asked for them, and its screens'
 *   stylesheets as preloads: a stylesheet link in the page would hold its first paint;
 * - every script and preload it names asked for at low priority. The page's first paint is the
 *   dashboard's shapes drawn at build time (prerender.ts), which need only the page's own
 *   stylesheet: on a phone's network that comes first, and the scripts, 200 KB, after it, where
 *   they shared the connection with it and the shapes waited for both. The app starts when its
 *   last script arrives, as soon as before;
 * - its own script (early-requests.ts) first in the head, which asks for the settings and the
 *   dashboard's first data while those scripts download. The server allows it by its hash
 *   (server/src/platform/spa.ts).
 */
export const dashboardPage = (): Plugin => ({
  name: 'dashboard-page',
  apply: 'build',
  enforce: 'post',
  generateBundle: {
    order: 'post',
    async handler(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error("the build wrote no index.html to make the dashboard's page from");
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const importedBy = (roots: typeof chunks) =>
        reachable(
          roots.map((chunk) => chunk.fileName),
          (fileName) => (bundle[fileName] as Rollup.OutputChunk).imports,
        );
      const screens = chunks.filter((chunk) => chunk.facadeModuleId !== null && LANDING_SCREENS.includes(chunk.facadeModuleId));
      if (screens.length !== LANDING_SCREENS.length) throw new Error(`the build has no file of its own for ${LANDING_SCREENS.join(' or ')}`);
      const named = importedBy(chunks.filter((chunk) => chunk.isEntry));
      const scripts = [...importedBy(screens)].filter((fileName) => !named.has(fileName));
      const stylesheets = new Set(scripts.flatMap((fileName) => [...((bundle[fileName] as Rollup.OutputChunk).viteMetadata?.importedCss ?? [])]));
      const links = [
        ...scripts.map((fileName) => `    <link rel="modulepreload" crossorigin href="/${fileName}">\n`),
        ...[...stylesheets].map((fileName) => `    <link rel="preload" as="style" crossorigin href="/${fileName}">\n`),
      ].join('');
      const script = `\n    <script>${await earlyRequestsScript()}</script>`;
      const source = String(index.source)
        .replace('<head>', `<head>${script}`)
        .replace('</head>', `${links}  </head>`)
        .replace(/<link rel="(modulepreload|preload)"/g, '<link rel="$1" fetchpriority="low"');
      this.emitFile({ type: 'asset', fileName: 'dashboard.html', source });
    },
  },
});
