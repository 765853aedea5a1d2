import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // The suites are CPU-bound: one file per core. (Vitest's default keeps a core free, which on a
    // two-core machine runs the files one at a time.)
    pool: 'forks',
    maxWorkers: '100%',
    projects: [
      {
        extends: true,
        test: { name: 'node', include: ['test/**/*.test.ts'], exclude: ['test/browser/**', 'node_modules/**'], sequence: { groupOrder: 0 } },
      },
      {
        // The browser tests measure frame timing, so they run after the rest and on their own:
        // Chromium's main thread and the engine worker then have the two cores to themselves.
        extends: true,
        test: { name: 'browser', include: ['test/browser/**/*.test.ts'], globalSetup: ['test/browser/build.ts'], fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
