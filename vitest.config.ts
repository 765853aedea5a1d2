import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // The conformance and differential suites are CPU-bound; one file per core.
    pool: 'forks',
  },
});
