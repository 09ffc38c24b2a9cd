import { vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

/** Shared by the KTP component tests (ktp.test.tsx, plan-edit.test.tsx). */

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Stubs fetch to answer by `METHOD /path` (the path a regular expression matched whole; the
 * answer a function of the request's JSON body and the path); anything else is a 404. Every call
 * is recorded, in order.
 */
export function serve(
  routes: Record<string, (body: any, path: string) => [number, unknown]>, // eslint-disable-line @typescript-eslint/no-explicit-any
): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init?.method ?? 'GET').toUpperCase();
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path: url.pathname + url.search, body });
      const key = Object.keys(routes).find((k) => {
        const [m, p] = k.split(' ');
        return m === method && new RegExp(`^${p}$`).test(url.pathname);
      });
      const [status, json] = key
        ? routes[key]!(body, url.pathname)
        : [404, { message: 'Табылмады' }];
      return new Response(JSON.stringify(json), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
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
