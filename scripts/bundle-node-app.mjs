// Bundles a Node app of this workspace (and the workspace packages it imports as
// TypeScript source) into dist/server.js; npm dependencies stay external and load
// from node_modules. Used by apps/api/build.mjs and apps/perception/build.mjs.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

/**
 * @param {string} appDir the app's folder (holding package.json and src/server.ts)
 * @param {{ build: typeof import('esbuild').build, copy?: Array<[string, string]>, outDir?: string, quiet?: boolean }} options
 *   esbuild's build (from the app's own dependencies); folders to copy, [from, to] relative to appDir; where the
 *   bundle goes (default appDir/dist; the import bench bundles into its own folder)
 * @returns {Promise<string>} the path of the bundled server.js
 */
export async function bundleNodeApp(appDir, options) {
  const { build } = options;
  const pkg = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8'));
  const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@cellforge/'));
  const dist = options.outDir ?? path.join(appDir, 'dist');
  rmSync(dist, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(appDir, 'src/server.ts')],
    outfile: path.join(dist, 'server.js'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    external: [...external, ...external.map((name) => `${name}/*`)],
    logLevel: 'warning',
  });
  for (const [from, to] of options.copy ?? []) cpSync(path.join(appDir, from), path.join(dist, to), { recursive: true });
  if (!options.quiet) console.log(`${pkg.name}: built ${path.relative(appDir, path.join(dist, 'server.js'))}`);
  return path.join(dist, 'server.js');
}
