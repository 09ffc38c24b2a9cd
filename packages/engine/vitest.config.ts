import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'engine',
    include: ['src/**/*.test.{ts,tsx}'],
    // Property tests run 1,000 cases each under CI; on a shared 2-core machine that can take
    // tens of seconds, far past vitest's 5 s default.
    testTimeout: 180_000,
  },
});
