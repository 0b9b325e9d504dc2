import { defineConfig } from 'vitest/config';
// Tests assert readings, not speed (parse.bench.ts prints the speed): the fuzz and table tests read
// thousands of texts, which on a loaded shared machine can take longer than vitest's 5 s default.
export default defineConfig({ test: { include: ['src/**/*.test.ts'], testTimeout: 60_000 }, benchmark: { include: ['src/**/*.bench.ts'] } });
