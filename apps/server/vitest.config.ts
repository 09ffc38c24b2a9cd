import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.{ts,tsx}'],
    // A cold PGlite start (WASM + initdb) takes seconds; one server per file, started in beforeAll.
    hookTimeout: 180_000,
    testTimeout: 120_000,
  },
});
