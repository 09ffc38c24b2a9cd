import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// Machine tests need no DOM; component tests render into happy-dom (jsdom 31 needs Node 22),
// matching apps/web.
export default defineProject({
  plugins: [react()],
  test: {
    name: 'editor',
    include: ['src/**/*.test.{ts,tsx}'],
    // Component tests drive a real TipTap editor on a shared 2-core machine: allow for load.
    testTimeout: 30_000,
    environment: 'happy-dom',
    setupFiles: ['src/test/setup.ts'],
  },
});
