import type { build } from 'esbuild';

/** Types of bundle-node-app.mjs, for TypeScript callers (the import bench). */
export function bundleNodeApp(
  appDir: string,
  options: { build: typeof build; copy?: Array<[string, string]>; outDir?: string; quiet?: boolean },
): Promise<string>;
