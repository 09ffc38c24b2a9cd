import { serve as serveAll } from '../../test/serve';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

/** Shared by the KTP component tests (ktp.test.tsx, plan-edit.test.tsx). */

export type { Call } from '../../test/serve';

/** Stubs fetch by `METHOD /path` patterns (../../test/serve.ts); calls keep their query string. */
export function serve(routes: Parameters<typeof serveAll>[0]) {
  return serveAll(routes, { withSearch: true });
}

/** Where a navigation away from the screen under test ended (`data-testid="where"`). */
function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname}</p>;
}

/** Renders `element` at `url` as the route `pattern`; every other path renders <Where />. */
export function at(url: string, pattern: string, element: ReactNode) {
  return render(
    <MantineProvider>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={pattern} element={element} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}
