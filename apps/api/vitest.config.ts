import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file opens its own PGlite (and PostgreSQL database); two at a time fits 2 cores.
    maxWorkers: 2,
  },
});
