import { vi } from 'vitest';

/** A request the stubbed fetch saw. */
export interface Call {
  method: string;
  /** The path, with the query string when `serve` was asked to keep it. */
  path: string;
  body: unknown;
}

type Answer = (body: any, path: string) => [number, unknown]; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Stubs fetch to answer by `METHOD /path` (the path a regular expression matched whole; the
 * answer a function of the request's JSON body and the path); anything else is a 404. Every call
 * is recorded, in order.
 */
export function serve(
  routes: Record<string, Answer>,
  { withSearch = false }: { withSearch?: boolean } = {},
): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init?.method ?? 'GET').toUpperCase();
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path: withSearch ? url.pathname + url.search : url.pathname, body });
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
