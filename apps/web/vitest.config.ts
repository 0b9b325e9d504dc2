import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      restoreMocks: true,
      unstubGlobals: true,
      // A page test renders lazily loaded routes; on a loaded 2-core machine the first render of a
      // file can take several seconds (CI saw 5 s timeouts at load 10+). Findings wait 1 s as before.
      testTimeout: 20_000,
    },
  }),
);
