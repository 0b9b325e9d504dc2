import { build } from 'esbuild';
import { bundleNodeApp } from '../../scripts/bundle-node-app.mjs';

await bundleNodeApp(import.meta.dirname, { build });
