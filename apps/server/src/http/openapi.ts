import { API_ROUTES } from '@sabaq/platform';
import type { RouteId } from '@sabaq/platform';
import type { ServerConfig } from './context';

type Json = Record<string, unknown>;
type Operation = { operationId?: string; security?: unknown; responses?: Record<string, unknown> };

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
const ERROR_REF = { $ref: '#/components/schemas/ApiError' };

function errorResponse(description: string) {
  return { description, content: { 'application/json': { schema: ERROR_REF } } };
}

/** `#/components/schemas/X` references anywhere under `value`. */
function collectRefs(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) for (const item of value) collectRefs(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') into.add(item);
      else collectRefs(item, into);
    }
  }
}

/**
 * The generated document made complete and lint-clean (`@redocly/cli lint`, recommended rules;
 * kept so by http/openapi.test.ts):
 * - `servers` and a `license`;
 * - every operation of the policy table states its security: `[]` for public ones, bearer
 *   otherwise, and documents the refusals every route can give through the shared error
 *   handler (401/403 by the policy hook, 404 for a row the caller may not see — downloads and
 *   exports included);
 * - component schemas no operation uses (zod's input twins of output schemas) are dropped.
 */
export function finishOpenApi<T>(document: T, config: ServerConfig): T {
  const doc = document as unknown as Json;
  doc.servers = [
    { url: config.publicUrl ?? '/', description: 'This Sabaq server (one origin: API and app)' },
  ];
  doc.info = {
    ...(doc.info as Json),
    license: { name: 'Proprietary', identifier: 'LicenseRef-Sabaq-Proprietary' },
  };
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const item of Object.values(paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op?.operationId || !Object.hasOwn(API_ROUTES, op.operationId)) continue;
      const policy = API_ROUTES[op.operationId as RouteId].policy;
      op.security = policy === 'public' ? [] : [{ bearerAuth: [] }];
      const responses = (op.responses ??= {});
      if (policy !== 'public') {
        responses['401'] ??= errorResponse('No, invalid or revoked token');
        responses['403'] ??= errorResponse('The role may not call this route');
      }
      responses['404'] ??= errorResponse('Not found, or not visible to the caller');
    }
  }
  const components = doc.components as { schemas?: Record<string, unknown> } | undefined;
  if (components?.schemas) {
    const schemas = components.schemas;
    // Reachable from the paths, following references between schemas.
    const used = new Set<string>();
    const seen = new Set<string>();
    collectRefs(doc.paths, used);
    const queue = [...used];
    while (queue.length > 0) {
      const ref = queue.pop() as string;
      if (seen.has(ref)) continue;
      seen.add(ref);
      const name = ref.replace('#/components/schemas/', '');
      const found = new Set<string>();
      collectRefs(schemas[name], found);
      for (const next of found) if (!seen.has(next)) queue.push(next);
    }
    for (const name of Object.keys(schemas)) {
      if (!seen.has(`#/components/schemas/${name}`)) delete schemas[name];
    }
  }
  return document;
}
