import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createServer, type Plugin } from 'vite';

const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * Writes login.html beside index.html: the same page with the login screen already drawn in #root
 * (src/prerender/login-shell.tsx), which the server sends for /login. The snapshot is `inert` (no
 * focus, no clicks, nothing typed that the app would drop) until the app replaces it. Runs before
 * the precompress plugin, which then compresses login.html with the rest.
 */
export const prerenderLogin = (): Plugin => {
  let outDir = '';
  let root = '';
  return {
    name: 'prerender-login',
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
          const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
          if (!html.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT} to draw the login screen in`);
          await writeFile(path.join(outDir, 'login.html'), html.replace(ROOT_ELEMENT, `<div id="root"><div inert>${renderLoginShell()}</div></div>`));
        } finally {
          await server.close();
        }
      },
    },
  };
};
