import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { contractsImportedFromTheirModules, dashboardPage, portalChunks } from './chunks';
import { precompress } from './precompress';
import { prerenderFirstScreens } from './prerender';
import { themeVariablesCss } from './src/app/theme-variables';

const apiProxy = {
  '/api': 'http://localhost:8080',
  '/dev': 'http://localhost:8080',
  '/openapi.json': 'http://localhost:8080',
  '/postman_collection.json': 'http://localhost:8080',
};

/**
 * Redoc's side menu shows Redocly's logo from cdn.redoc.ly. The portal loads nothing from third
 * parties (its CSP allows images from itself only), so the build drops that address; the image
 * is hidden by features/docs and the menu keeps its 'API docs by Redocly' line.
 */
const REDOC_REMOTE_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const redocWithoutRemoteLogo = (): Plugin => ({
  name: 'redoc-without-remote-logo',
  transform: (code, id) => (id.includes('/node_modules/redoc/') && code.includes(REDOC_REMOTE_LOGO) ? code.replaceAll(REDOC_REMOTE_LOGO, '') : undefined),
});

/**
 * Mantine's useId starts with React's id, then swaps it for a random one in a layout effect: every
 * input, popover, tooltip, menu and tab re-renders synchronously inside the first commit, which
 * held a phone's main thread for tens of milliseconds per screen. React's ids are stable and
 * unique from React 18 on, so the build keeps them: an id passed in still wins.
 */
const MANTINE_USE_ID = /\/@mantine\/hooks\/esm\/use-id\/use-id\.mjs$/;
const mantineIdsFromReact = (): Plugin => ({
  name: 'mantine-ids-from-react',
  transform: (_code, id) =>
    MANTINE_USE_ID.test(id)
      ? `import { useReactId } from './use-react-id.mjs';
export function useId(staticId) {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : reactId;
}`
      : undefined,
});

/**
 * A plugin that replaces one piece of a library module's code: the build fails if the piece is no
 * longer there (an upgrade changed it), so the replacement is reviewed rather than silently lost.
 */
const replaceInModule = (name: string, module: RegExp, find: string, replacement: string): Plugin => ({
  name,
  transform: (code, id) => {
    if (!module.test(id)) return undefined;
    if (!code.includes(find)) throw new Error(`${id} no longer holds "${find}": review the ${name} plugin`);
    return code.replace(find, replacement);
  },
});

/**
 * A select's options stay mounted, hidden, while it is closed (Mantine's Combobox keeps them for
 * its aria-controls). Floating UI then positions each hidden list as it mounts: it reads the page's
 * styles and layout in the middle of the first commit and renders the list again, for every
 * select of a screen, before anything is painted. A kept list is positioned when it opens instead
 * (Mantine's popover starts Floating UI's autoUpdate then), as a list that is not kept always is.
 */
const mantineListsPositionedWhenOpen = () =>
  replaceInModule(
    'mantine-lists-positioned-when-open',
    /\/@mantine\/core\/esm\/components\/Popover\/use-popover\.mjs$/,
    'whileElementsMounted: !options.keepMounted ? autoUpdate : void 0',
    'whileElementsMounted: options.keepMounted ? () => () => {} : autoUpdate',
  );

/**
 * Mantine's Transition (every popover, tooltip, menu and modal), Collapse and scroll lock ask
 * whether the person prefers reduced motion in an effect, for server rendering, which the portal
 * does not do: each of them rendered a second time, synchronously, right after it was first shown.
 * They read it as they first render instead, as the portal's own media queries do (lib/use-media.ts).
 */
const reducedMotionReadAtOnce = () =>
  replaceInModule(
    'reduced-motion-read-at-once',
    /\/@mantine\/hooks\/esm\/use-reduced-motion\/use-reduced-motion\.mjs$/,
    'return useMediaQuery("(prefers-reduced-motion: reduce)", initialValue, options);',
    'return useMediaQuery("(prefers-reduced-motion: reduce)", initialValue, options ?? { getInitialValueInEffect: false });',
  );

/**
 * Mantine's Portal finds its node in a layout effect and draws its content only after a state
 * change there, for server rendering, which the portal does not do (the login page's snapshot is
 * drawn anew, not hydrated): every closed dialog of a screen rendered a second time inside the
 * first commit, which took the screen's first effects into the same long task. A portal into the
 * shared node (every portal of the app) finds or makes it as it first renders instead.
 */
const mantinePortalsDrawnAtOnce = () =>
  replaceInModule(
    'mantine-portals-drawn-at-once',
    /\/@mantine\/core\/esm\/components\/Portal\/Portal\.mjs$/,
    'const [mounted, setMounted] = useState(false);\n  const nodeRef = useRef(null);',
    `const [mounted, setMounted] = useState(() => typeof document !== "undefined" && !target && reuseTargetNode);
  const nodeRef = useRef(null);
  if (mounted && nodeRef.current === null) nodeRef.current = getTargetNode({ target, reuseTargetNode, ...others });`,
  );

/**
 * Mantine's stylesheet for all of its components (230 KB) held every page's first paint, though
 * /login draws fifteen of its ninety. Each component's module brings its own stylesheet instead,
 * imported right after its class names, where Mantine's whole stylesheet has it too: after the
 * parts the component is built from. chunks.ts puts a stylesheet in the file of its component. The
 * provider brings the base: the reset, the default variables and the global classes, which every
 * component's rules follow.
 */
const MANTINE_CORE = /\/@mantine\/core\/esm\//;
const MANTINE_PROVIDER = /\/@mantine\/core\/esm\/core\/MantineProvider\/MantineProvider\.mjs$/;
const MANTINE_CLASSES_IMPORT = /^import \w+ from '[./\w-]*\/(\w+)\.module\.css\.mjs';$/gm;
const stylesheetImports = (...sheets: string[]) => sheets.map((sheet) => `import '@mantine/core/styles/${sheet}.css';`).join('\n');
const mantineStylesWithTheirComponents = (): Plugin => ({
  name: 'mantine-styles-with-their-components',
  transform: (code, id) => {
    if (MANTINE_PROVIDER.test(id)) return `${stylesheetImports('baseline', 'default-css-variables', 'global')}\n${code}`;
    if (!MANTINE_CORE.test(id)) return undefined;
    const withStylesheets = code.replace(MANTINE_CLASSES_IMPORT, (classesImport, component: string) => `${classesImport}\n${stylesheetImports(component)}`);
    return withStylesheets === code ? undefined : withStylesheets;
  },
});

/**
 * The theme's CSS variables as a stylesheet (src/app/theme-variables.ts), imported by the entry
 * after Mantine's: written once by the build rather than computed by every page's first render.
 */
const THEME_VARIABLES = 'virtual:theme-variables.css';
const themeVariablesStylesheet = (): Plugin => ({
  name: 'theme-variables-stylesheet',
  resolveId: (id) => (id === THEME_VARIABLES ? `\0${THEME_VARIABLES}` : undefined),
  load: (id) => (id === `\0${THEME_VARIABLES}` ? themeVariablesCss() : undefined),
});

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    redocWithoutRemoteLogo(),
    mantineIdsFromReact(),
    mantineListsPositionedWhenOpen(),
    reducedMotionReadAtOnce(),
    mantinePortalsDrawnAtOnce(),
    mantineStylesWithTheirComponents(),
    themeVariablesStylesheet(),
    contractsImportedFromTheirModules(),
    dashboardPage(),
    prerenderFirstScreens(),
    precompress(),
  ],
  resolve: { alias: { '@': path.join(import.meta.dirname, 'src') } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Lists each entry's and each screen's files: the page weight check and bench:web read it.
    manifest: true,
    // Browsers without <link rel=modulepreload> (Firefox before 115, Safari before 17) still load
    // every screen, only without the head start; the polyfill would cost every page 0.5 KB.
    modulePreload: { polyfill: false },
    // Terser packs the JavaScript about 2% smaller than esbuild's minifier; every page loads less.
    minify: 'terser',
    // The API reference's chunk (Redoc, ~1.2 MB) loads only on /doc.
    chunkSizeWarningLimit: 1300,
    rollupOptions: {
      output: {
        // Files are named by their hash alone: every screen's preload list in the entry names the
        // files it needs, and short names make the first download smaller.
        chunkFileNames: 'assets/[hash].js',
        // Left to itself, Rollup gives each set of screens that share code a file of its own: the
        // dashboard needed 89 files, half of them under 1 KB. A phone's browser fetches six at a
        // time over a slow network, so the number of files, more than their bytes, sets when the
        // page shows. Files under 4 KB that only define functions join a file loaded with them;
        // at 10 KB most screens loaded a few KB more and needed a file fewer or none. chunks.ts names
        // the files the first screens need.
        experimentalMinChunkSize: 4_000,
        manualChunks: portalChunks(),
      },
    },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
