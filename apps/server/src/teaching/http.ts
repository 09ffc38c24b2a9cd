import type { RouteId } from '@sabaq/platform';
import type { AppContext } from '../http/context';
import { routeBase } from '../http/context';

/**
 * Method, URL, policy hook and config of a route from the policy table, plus the OpenAPI meta
 * and the standard error bodies to merge into its schema. Thin wrapper so each route reads as
 * `app.route({ ...r.base, schema: { ...r.meta, params, response: { 200: X, ...r.errors } }, handler })`.
 */
export function route<Id extends RouteId>(ctx: AppContext, id: Id) {
  const b = routeBase(ctx, id);
  return {
    base: { method: b.method, url: b.url, onRequest: b.onRequest, config: b.config },
    meta: b.meta,
    errors: b.errors,
  };
}
