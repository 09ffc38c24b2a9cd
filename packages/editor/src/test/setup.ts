import { afterEach } from 'vitest';

// Component tests render into happy-dom; each test starts from an empty page.
afterEach(async () => {
  if (typeof document === 'undefined') return;
  const { cleanup } = await import('@testing-library/react');
  cleanup();
});
