import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// One project for the web app: component/unit tests run in happy-dom; the browser tests under
// e2e/ switch themselves to Node (`@vitest-environment node`) and drive Debian's Chromium against
// the real server. The root's `apps/*` glob reads exactly one config per folder, so both live here;
// `vitest run --project web src` or `… e2e` runs one half.
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}', 'e2e/**/*.e2e.ts'],
    environment: 'happy-dom',
    setupFiles: ['src/test/setup.ts'],
    // Component tests take well under a second alone, but on a 2-core CI machine that also runs
    // PGlite suites and Chromium beside them one took over vitest's default 5 s and failed a
    // submission. A generous guard keeps load from failing a correct test; speed is benchmarked
    // elsewhere, never asserted by a timeout.
    testTimeout: 30_000,
    // expect.poll waits for what a test expects (a browser test's state, a saved badge): 1 s by
    // default, which a busy machine exceeded (the shell's menu drawer returning the focus).
    expect: { poll: { timeout: 20_000 } },
  },
});
