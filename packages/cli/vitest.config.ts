import { defineProject } from 'vitest/config';

export default defineProject({
  // CLI tests run real processes, worker threads and an in-memory server on a shared 2-core
  // machine: give them room beyond vitest's 5 s default (these are not speed checks).
  test: {
    name: 'cli',
    include: ['src/**/*.test.{ts,tsx}'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
