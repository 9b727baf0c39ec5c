// Compiles the server to plain JavaScript for `NODE_ENV=production`: server/dist/main.js (and the
// admin CLI) with source maps, so `node --enable-source-maps` names the TypeScript lines. The
// workspace packages are bundled in (they ship TypeScript); everything from npm stays in node_modules.
import { build } from 'esbuild';
import { root } from './ensure-installed.mjs';

const npmPackages = {
  name: 'npm-packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@verigate/') ? undefined : { path: args.path, external: true }));
  },
};

await build({
  absWorkingDir: root,
  entryPoints: { main: 'server/src/main.ts', 'admin-cli': 'server/src/admin-cli.ts' },
  outdir: 'server/dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  plugins: [npmPackages],
  logLevel: 'warning',
});
console.log('Built the server into server/dist');
