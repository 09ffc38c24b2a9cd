import { defineConfig } from 'vitest/config';

// One `vitest run` at the root runs every workspace's tests (each workspace has its own
// vitest.config.ts naming its project). Browser tests live in their own projects and skip
// themselves, saying so, when Chromium is missing.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
    // 2-core machines: keep the pool small so heavy suites (PGlite, Chromium) don't starve.
    maxWorkers: 2,
  },
});
