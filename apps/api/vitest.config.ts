import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Checks every answer of the app under test against the API document (src/test/answer-check.ts).
    setupFiles: ['src/test/answer-check.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file opens its own PGlite (and PostgreSQL database); two at a time fits 2 cores.
    maxWorkers: 2,
  },
});
