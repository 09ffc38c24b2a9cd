import {
  RegradeConfirmRequestSchema,
  RegradeConfirmResponseSchema,
  RegradeParamsSchema,
  RegradePreviewResponseSchema,
} from '@sabaq/platform';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { confirmRegrade, previewRegrade } from './regrade-commands';

/**
 * Re-grading a republished draft's handed-in attempts (issue 20): the publisher previews what
 * would change and confirms (or does nothing, which leaves them on their version).
 */
export function registerRegradeRoutes(app: App, ctx: AppContext): void {
  const db = ctx.db;

  defineRoute(app, ctx, 'drafts.regradePreview', {
    params: RegradeParamsSchema,
    response: { 200: RegradePreviewResponseSchema },
    handler: async (req) => ({ data: await previewRegrade(db, requireAuth(req), req.params.id) }),
  });

  defineRoute(app, ctx, 'drafts.regrade', {
    params: RegradeParamsSchema,
    body: RegradeConfirmRequestSchema,
    response: { 200: RegradeConfirmResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      return { data: await confirmRegrade(db, auth, req.params.id, req.body.version) };
    },
  });
}
