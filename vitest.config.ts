import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      'packages/catalog',
      'server',
      'web',
      // npm start's and npm test's own checks, plain Node scripts.
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'] } },
    ],
    // Most test files wait on PostgreSQL, server processes and timers more than on the CPU, so
    // files run at least three at a time (vitest's default is one fewer than the cores: one file
    // at a time on a 2-core machine, which took the API tests from 7 to 12 minutes there).
    maxWorkers: Math.max(3, availableParallelism() - 1),
  },
});
