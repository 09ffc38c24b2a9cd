import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'editor', include: ['src/**/*.test.{ts,tsx}'] },
});
