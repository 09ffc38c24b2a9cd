import {
  METHODICAL_PAGE_SIZE,
  MethodicalDetailResponseSchema,
  MethodicalFileParamsSchema,
  MethodicalInputSchema,
  MethodicalListQuerySchema,
  MethodicalListResponseSchema,
  MethodicalParamsSchema,
  MethodicalSavedResponseSchema,
} from '@sabaq/platform';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { listAttached, sendAttachedFile } from '../files/rich-documents';
import { assertCabinetOn, assertVisible, canAuthor } from './methodical-access';
import { changeMaterial, createMaterial } from './methodical-commands';
import {
  MATERIAL_FILES,
  deleteMaterial,
  isCabinetOn,
  listMaterials,
  listSubjects,
  loadMaterial,
} from './methodical-queries';
import { presentCard, presentDetail } from './methodical-present';
import { MethodicalError } from './methodical-texts';

/**
 * The methodical cabinet (issue 17, flag `methodical-cabinet`): a school's staff read published
 * materials by subject, kind, parallel and words, open one with its files; the methodist writes,
 * publishes and removes them. See README.md.
 */
export function registerMethodicalRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;
  const flag = async () => assertCabinetOn(await isCabinetOn(db));
  const visible = async (id: number, role: Parameters<typeof canAuthor>[0]) => {
    const row = await loadMaterial(db, id);
    assertVisible(row, role);
    return row;
  };

  defineRoute(app, ctx, 'methodical.materials', {
    querystring: MethodicalListQuerySchema,
    response: { 200: MethodicalListResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      await flag();
      const manage = canAuthor(auth.role);
      const { subject, kind, parallel, q, page } = req.query;
      const { rows, total } = await listMaterials(db, {
        ...{ subject, kind, parallel, q, page },
        drafts: manage,
        pageSize: METHODICAL_PAGE_SIZE,
      });
      return {
        data: {
          items: rows.map((row) => presentCard(row, req.locale)),
          total,
          page,
          pageSize: METHODICAL_PAGE_SIZE,
          subjects: await listSubjects(db, req.locale),
          canManage: manage,
        },
      };
    },
  });

  defineRoute(app, ctx, 'methodical.material', {
    params: MethodicalParamsSchema,
    response: { 200: MethodicalDetailResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      await flag();
      const row = await visible(req.params.materialId, auth.role);
      const files = await listAttached(db, MATERIAL_FILES, row.id);
      return { data: presentDetail(row, files, req.locale, canAuthor(auth.role)) };
    },
  });

  // A file is read with its material's rights: the flag, a published material (or the
  // methodist), and attached to that material; anything else 404. Revalidated each time.
  defineRoute(app, ctx, 'methodical.file', {
    params: MethodicalFileParamsSchema,
    handler: async (req, reply) => {
      const auth = requireAuth(req);
      await flag();
      const row = await visible(req.params.materialId, auth.role);
      return sendAttachedFile(req, reply, {
        db,
        storage: ctx.files.storage,
        at: MATERIAL_FILES,
        ownerId: row.id,
        fileId: req.params.fileId,
        notFound: () => new MethodicalError(404, 'methodical_file_not_found'),
      });
    },
  });

  defineRoute(app, ctx, 'methodical.materialCreate', {
    body: MethodicalInputSchema,
    response: { 201: MethodicalSavedResponseSchema },
    handler: async (req, reply) => {
      const auth = requireAuth(req);
      await flag();
      const id = await createMaterial(db, req.body, auth.userId);
      return reply.code(201).send({ data: { id } });
    },
  });

  defineRoute(app, ctx, 'methodical.materialUpdate', {
    params: MethodicalParamsSchema,
    body: MethodicalInputSchema,
    response: { 200: MethodicalSavedResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      await flag();
      const row = await visible(req.params.materialId, auth.role);
      await changeMaterial(db, row.id, req.body);
      return { data: { id: row.id } };
    },
  });

  defineRoute(app, ctx, 'methodical.materialRemove', {
    params: MethodicalParamsSchema,
    response: { 200: MethodicalSavedResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      await flag();
      const row = await visible(req.params.materialId, auth.role);
      await deleteMaterial(db, row.id);
      return { data: { id: row.id } };
    },
  });
}
