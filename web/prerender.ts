import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createServer, type Plugin } from 'vite';

const ROOT_ELEMENT = '<div id="root"></div>';

/** Writes `page` with `snapshot` drawn, inert, in its empty #root to `to`. */
async function drawIn(page: string, to: string, snapshot: string) {
  const html = await readFile(page, 'utf8');
  if (!html.includes(ROOT_ELEMENT)) throw new Error(`${path.basename(page)} has no ${ROOT_ELEMENT} to draw its first screen in`);
  await writeFile(to, html.replace(ROOT_ELEMENT, `<div id="root"><div inert>${snapshot}</div></div>`));
}

/**
 * Draws the first screen of two pages at build time, in #root: login.html (index.html with the
 * login screen, src/prerender/login-shell.tsx), which the server sends for /login, and
 * dashboard.html (written by chunks.ts) with the dashboard's shapes (src/prerender/dashboard-shell.tsx).
 * Each snapshot is `inert` (no focus, no clicks, nothing typed that the app would drop) until the
 * app replaces it. Runs before the precompress plugin, which then compresses both pages with the rest.
 */
export const prerenderFirstScreens = (): Plugin => {
  let outDir = '';
  let root = '';
  return {
    name: 'prerender-first-screens',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    configResolved: (config) => {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      sequential: true,
      order: 'pre',
      handler: async () => {
        const server = await createServer({
          root,
          configFile: path.join(root, 'vite.config.ts'),
          logLevel: 'error',
          server: { middlewareMode: true, hmr: false },
        });
        try {
          const { renderLoginShell } = (await server.ssrLoadModule('/src/prerender/login-shell.tsx')) as typeof import('./src/prerender/login-shell');
          const { renderDashboardShell } = (await server.ssrLoadModule(
            '/src/prerender/dashboard-shell.tsx',
          )) as typeof import('./src/prerender/dashboard-shell');
          await drawIn(path.join(outDir, 'index.html'), path.join(outDir, 'login.html'), renderLoginShell());
          await drawIn(path.join(outDir, 'dashboard.html'), path.join(outDir, 'dashboard.html'), renderDashboardShell());
        } finally {
          await server.close();
        }
      },
    },
  };
};
