// The SQL migrations travel with the bundle (packages/db resolves dist/drizzle).
import { build } from 'esbuild';
import { bundleNodeApp } from '../../scripts/bundle-node-app.mjs';

await bundleNodeApp(import.meta.dirname, { build, copy: [['../../packages/db/drizzle', 'drizzle']] });
