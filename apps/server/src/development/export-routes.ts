import {
  DevelopmentCardExportQuerySchema,
  DevelopmentChildParamsSchema,
  DevelopmentGroupExportQuerySchema,
  DevelopmentGroupParamsSchema,
} from '@sabaq/platform';
import type { DevelopmentExportFormat } from '@sabaq/platform';
import type { FastifyReply } from 'fastify';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { HttpError } from '../http/errors';
import { receiptFont } from '../commerce/receipt-pdf';
import type { CardLoaders } from './card-loaders';
import { schoolYearOf } from './card-queries';
import type { CardExport, GroupExport } from './export-data';
import { cardFileNames, groupFileNames, stagesOf } from './export-data';
import { renderCardPdf, renderGroupPdf } from './export-pdf';
import { CONTENT_TYPES, contentDisposition } from './export-texts';
import { buildCardWorkbook, buildGroupWorkbook } from './export-xlsx';
import { exportFonts } from './pdf-table';
import type { PdfFonts } from './pdf-table';

/** DejaVu Sans for Kazakh letters; without it no PDF can be made (503, as receipts). */
function fonts(): PdfFonts {
  const font = receiptFont();
  if (!font) throw new HttpError(503, 'server_unavailable');
  return exportFonts(font);
}

function sendFile(
  reply: FastifyReply,
  format: DevelopmentExportFormat,
  names: { name: string; ascii: string },
  bytes: Buffer,
) {
  return reply
    .header('content-type', CONTENT_TYPES[format])
    .header('content-disposition', contentDisposition(names.name, names.ascii))
    .header('cache-control', 'private, no-store')
    .send(bytes);
}

/**
 * A child's card and a group's summary as PDF or .xlsx (flag `individual-card`; who sees the
 * card or the group sees its file, others 404), in the request's language. The files are built
 * from the views development.card and development.group answer with.
 */
export function registerExportRoutes(
  app: App,
  ctx: AppContext,
  loaders: CardLoaders,
  now: () => Date,
): void {
  defineRoute(app, ctx, 'development.cardExport', {
    params: DevelopmentChildParamsSchema,
    querystring: DevelopmentCardExportQuerySchema,
    handler: async (req, reply) => {
      const auth = requireAuth(req);
      await loaders.assertFlag();
      const { format, stage } = req.query;
      const card = await loaders.card(auth, req.params.userId, req.locale);
      const exported: CardExport = {
        card,
        stages: stagesOf(stage),
        year: schoolYearOf(now()),
        locale: req.locale,
      };
      const bytes =
        format === 'pdf'
          ? await renderCardPdf(exported, fonts())
          : await buildCardWorkbook(exported);
      return sendFile(reply, format, cardFileNames(exported, format), bytes);
    },
  });

  defineRoute(app, ctx, 'development.groupExport', {
    params: DevelopmentGroupParamsSchema,
    querystring: DevelopmentGroupExportQuerySchema,
    handler: async (req, reply) => {
      const auth = requireAuth(req);
      await loaders.assertFlag();
      const { format, stage } = req.query;
      const group = await loaders.visibleGroup(auth, req.params.groupId);
      const [view] = await loaders.groupsView([group], stage, req.locale);
      const exported: GroupExport = {
        group: view!,
        stage,
        year: schoolYearOf(now()),
        locale: req.locale,
      };
      const bytes =
        format === 'pdf'
          ? await renderGroupPdf(exported, fonts())
          : await buildGroupWorkbook(exported);
      return sendFile(reply, format, groupFileNames(exported, format), bytes);
    },
  });
}
