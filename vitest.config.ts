import { defineConfig } from 'vitest/config';

const FRAME_TIMING = 'test/browser/demo.test.ts';

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
        // Chromium's tests share the cores with the rest: they check what the page does, not how
        // fast. The build they all load is made once, before any file runs.
        extends: true,
        test: { name: 'browser', include: ['test/browser/**/*.test.ts'], exclude: [FRAME_TIMING], globalSetup: ['test/browser/build.ts'], sequence: { groupOrder: 0 } },
      },
      {
        // The one file that measures frame timing runs last and alone: Chromium's main thread and
        // the engine worker then have the two cores to themselves.
        extends: true,
        test: { name: 'frame-timing', include: [FRAME_TIMING], globalSetup: ['test/browser/build.ts'], fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
