// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENDPOINT_TABLES, stripEndpointDocs } from './strip-endpoint-docs';

describe('endpoint tables lose their summaries in the web build', () => {
  it('drops summary from endpoint objects only, keeping method, path and policy', () => {
    const code = `const base = '/api';
export const T = {
  'a.get': { method: 'GET', path: \`\${base}/a/:id\`, policy: 'authenticated', summary: 'Read it, with a comma, and "quotes"' },
  'a.put': {
    method: 'PUT',
    summary:
      'Two ' +
      'lines',
    path: '/api/a',
    policy: ['director'],
  },
  'a.last': { method: 'DELETE', path: '/api/a', summary: \`last\` },
};
export const other = { summary: 'not an endpoint' };`;
    const out = stripEndpointDocs(code)!;
    expect(out).not.toMatch(/Read it|Two|lines|last`/);
    expect(out).toContain("summary: 'not an endpoint'");
    const T = new Function(`${out.replace(/export /g, '')}; return T;`)() as Record<
      string,
      Record<string, unknown>
    >;
    expect(T['a.get']).toEqual({ method: 'GET', path: '/api/a/:id', policy: 'authenticated' });
    expect(T['a.put']).toEqual({ method: 'PUT', path: '/api/a', policy: ['director'] });
    expect(T['a.last']).toEqual({ method: 'DELETE', path: '/api/a' });
  });

  it("every real table parses and loses every endpoint's summary", () => {
    const file = join(
      import.meta.dirname,
      '../../../../packages/platform/src/policies/teaching.ts',
    );
    expect(ENDPOINT_TABLES.test(file)).toBe(true);
    expect(ENDPOINT_TABLES.test(file.replace('teaching.ts', 'policies.test.ts'))).toBe(false);
    const code = readFileSync(file, 'utf8');
    const out = stripEndpointDocs(code, file)!;
    expect(code.match(/summary:/g)!.length).toBeGreaterThan(20);
    expect(out).not.toMatch(/summary:/);
    expect(out.match(/path:/g)!.length).toBe(code.match(/path:/g)!.length);
  });
});
