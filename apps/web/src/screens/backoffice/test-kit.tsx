import { vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

/** Test helpers of the backoffice class screens (fetch answered by `METHOD /path` patterns). */

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

type Answer = (body: any, path: string) => [number, unknown]; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Stubs fetch: the first pattern (`METHOD regexp`) matching the whole path answers; else 404. */
export function serve(routes: Record<string, Answer>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init?.method ?? 'GET').toUpperCase();
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path: url.pathname, body });
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
