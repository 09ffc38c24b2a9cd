import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'collab', include: ['src/**/*.test.{ts,tsx}'] },
});
