import { afterEach, beforeAll } from 'vitest';

// Component tests render into happy-dom; each test starts from an empty page and storage.
// The browser tests run in Node, where there is no DOM to clean.
beforeAll(async () => {
  if (typeof document === 'undefined') return;
  // findBy…/waitFor give up after 1 s by default: on a 2-core CI machine running PGlite suites
  // and Chromium beside them, a lazy chunk or a render can take longer than that. A wait still
  // ends as soon as what it waits for appears; this only stops load from failing a right test.
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5_000 });
});

afterEach(async () => {
  if (typeof document === 'undefined') return;
  const { cleanup } = await import('@testing-library/react');
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
