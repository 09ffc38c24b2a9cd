import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

/** Test helpers of the backoffice class screens (fetch answered by `METHOD /path` patterns). */

export { serve, type Call } from '../../test/serve';

/** Renders `element` at `url` as the route `pattern`. */
export function renderAt(url: string, pattern: string, element: ReactNode): void {
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={pattern} element={element} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}
