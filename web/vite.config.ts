import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './precompress';
import { prerenderLogin } from './prerender';

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

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), redocWithoutRemoteLogo(), prerenderLogin(), precompress()],
  resolve: { alias: { '@': path.join(import.meta.dirname, 'src') } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Lists each entry's and each screen's files: the bundle budget check reads it.
    manifest: true,
    // Terser packs the JavaScript about 2% smaller than esbuild's minifier; every page loads less.
    minify: 'terser',
    // The API reference's chunk (Redoc, ~1.2 MB) loads only on /doc.
    chunkSizeWarningLimit: 1300,
    rollupOptions: {
      output: {
        // Files are named by their hash alone: every screen's preload list in the entry names the
        // files it needs, and short names make the first download smaller.
        chunkFileNames: 'assets/[hash].js',
        manualChunks(id) {
          // Every page needs these and they change only with an upgrade: one file, cached across releases.
          if (/\/node_modules\/(react|react-dom|scheduler|react-router|@tanstack\/react-query|@tanstack\/query-core)\//.test(id)) return 'react';
          // The form controls of the sign-in screens and of most others: one file rather than ten small ones.
          if (/\/@mantine\/core\/esm\/components\/(PasswordInput|TextInput|InputBase|Input|Group|Paper|Anchor|Divider|ActionIcon|CloseButton)\//.test(id))
            return 'fields';
          return undefined;
        },
      },
    },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
});
