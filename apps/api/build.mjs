// The SQL migrations travel with the bundle (packages/db resolves dist/drizzle).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { bundleNodeApp } from '../../scripts/bundle-node-app.mjs';

// The embedded database's worker thread is a file of its own beside server.js (packages/db pglite-thread.ts).
await bundleNodeApp(import.meta.dirname, { build, copy: [['../../packages/db/drizzle', 'drizzle'], ['../../packages/db/src/pglite-worker.mjs', 'pglite-worker.mjs']] });

// The operators' reset-link command beside the server (node dist/reset-link.js <email>), for
// installs without the sources' dev tools (the Docker image).
const pkg = JSON.parse(readFileSync(path.join(import.meta.dirname, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@cellforge/'));
await build({
  entryPoints: [path.join(import.meta.dirname, 'src/cli/reset-link.ts')],
  outfile: path.join(import.meta.dirname, 'dist/reset-link.js'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
