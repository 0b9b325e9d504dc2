import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type ProxyOptions, type Rolldown } from 'vite';
import { preloadedPages } from './src/app/preloaded-pages.ts';
import { sharedChunkModules } from './src/app/shared-chunk.ts';

/** Everything the API process serves; in dev the Vite server forwards these to it. */
const API_PREFIXES = ['/auth', '/projects', '/ai', '/api', '/health'] as const;
const API_TARGET = process.env.VITE_DEV_API_TARGET ?? 'http://localhost:3000';

const apiProxy: ProxyOptions = {
  target: API_TARGET,
  changeOrigin: true,
  // /auth/... and /projects/.../robots are also page routes: a browser navigation
  // (Accept: text/html) gets the app, only API calls are forwarded.
  bypass: (req) => (req.headers.accept?.includes('text/html') ? '/index.html' : undefined),
};

/** See pagePreloads: the pages that show the API's answer as their largest paint. */
const ANSWER_FIRST_PAGES = ['/robots/:id', '/compare'] as const;
const answerSchemasModule = fileURLToPath(new URL('./src/features/catalog/api/answer-schemas.ts', import.meta.url));

const routesDir = fileURLToPath(new URL('./src/app/routes/', import.meta.url));

/**
 * Writes dist/page-preloads.json: for each URL pattern of src/app/preloaded-pages.ts,
 * the page's route chunk and the chunks it imports statically (not the entry, which
 * index.html loads anyway; not dynamic imports such as the chart or the chat).
 */
function pagePreloads(): Plugin {
  return {
    name: 'cellforge:page-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output): output is Rolldown.OutputChunk => output.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const byModule = new Map(chunks.flatMap((chunk) => (chunk.facadeModuleId ? [[chunk.facadeModuleId, chunk] as const] : [])));
      const closure = (start: Rolldown.OutputChunk) => {
        const files: string[] = [];
        const visit = (chunk: Rolldown.OutputChunk | undefined) => {
          if (!chunk || chunk.isEntry || files.includes(`/${chunk.fileName}`)) return;
          files.push(`/${chunk.fileName}`);
          for (const file of chunk.imports) visit(byFile.get(file));
        };
        visit(start);
        return files;
      };
      const preloads: Record<string, string[]> = {};
      for (const [pattern, module] of Object.entries(preloadedPages)) {
        const chunk = byModule.get(`${routesDir}${module}.tsx`);
        if (!chunk) this.error(`page-preloads: no chunk for src/app/routes/${module}.tsx (${pattern})`);
        preloads[pattern] = closure(chunk);
      }
      // Pages whose largest paint is the API's answer (the robot's description, the compare
      // table) need the answer's schemas as soon as it arrives: preloaded there, fetched on
      // demand everywhere else (the catalog paints its heading and skeleton without zod).
      const answerSchemas = byModule.get(answerSchemasModule);
      if (!answerSchemas) this.error('page-preloads: no chunk for src/features/catalog/api/answer-schemas.ts');
      for (const pattern of ANSWER_FIRST_PAGES) {
        const files = preloads[pattern] ?? [];
        preloads[pattern] = [...files, ...closure(answerSchemas).filter((file) => !files.includes(file))];
      }
      this.emitFile({ type: 'asset', fileName: 'page-preloads.json', source: `${JSON.stringify(preloads, null, 2)}\n` });
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), pagePreloads()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically in one chunk: every page needs all
          // of it before its first paint, and the default split made it seven files
          // (seven requests, each with its own headers, on the critical path).
          groups: [
            { name: 'index', tags: ['$initial'], priority: 2 },
            // The small pieces the pages share, in one file (see src/app/shared-chunk.ts).
            { name: 'shared', test: sharedChunkModules, minShareCount: 2, priority: 1, includeDependenciesRecursively: false },
          ],
        },
      },
      treeshake: {
        // @cellforge/contracts only declares schemas and pure helpers. Saying so lets
        // the bundler drop the modules the shell does not use, so zod loads with the
        // first form instead of with the home page. (Same as "sideEffects": false in
        // packages/contracts/package.json.)
        moduleSideEffects: [{ test: /[\\/]packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, apiProxy])),
  },
  preview: { port: 4173 },
});
