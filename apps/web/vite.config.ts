import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type ProxyOptions } from 'vite';

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

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
          groups: [{ name: 'index', tags: ['$initial'] }],
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
