import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

/** This checkout: its npm packages and its paths (server/src/paths.ts: the migrations, say) are what a bundle uses. */
export const checkout = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

/** A workspace package (@verigate/…) from the tree's own copy, by its package.json's exports; npm packages stay external. */
const fromTree = (tree: string): Plugin => ({
  name: 'workspace-from-tree',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      const workspace = /^@verigate\/([^/]+)(\/.+)?$/.exec(args.path);
      if (!workspace) return { path: args.path, external: true };
      const folder = path.join(tree, 'packages', workspace[1]!);
      const manifest = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as { exports: Record<string, string> };
      const target = manifest.exports[workspace[2] ? `.${workspace[2]}` : '.'];
      if (!target) throw new Error(`${args.path} is not exported by ${folder}/package.json`);
      return { path: path.join(folder, target) };
    });
  },
});

/**
 * The app instance of `tree` (bench/gateway-instance.ts) bundled as `npm run build` bundles the
 * server for production — the workspace packages in, npm packages from this checkout's
 * node_modules — into this checkout's server/dist as `<name>.mjs`, to run on plain Node as the
 * server is deployed. The sources run through tsx cost the same calls about a tenth more CPU.
 */
export async function bundleInstance(tree: string, name: string): Promise<string> {
  const outfile = path.join(checkout, 'server/dist', `${name}.mjs`);
  await build({
    absWorkingDir: tree,
    entryPoints: [path.join(tree, 'bench/gateway-instance.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    plugins: [fromTree(tree)],
    logLevel: 'warning',
  });
  return outfile;
}
