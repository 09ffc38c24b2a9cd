import { afterEach } from 'vitest';

// Component tests render into happy-dom; each test starts from an empty page and storage.
// The browser tests run in Node, where there is no DOM to clean.
afterEach(async () => {
  if (typeof document === 'undefined') return;
  const { cleanup } = await import('@testing-library/react');
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
