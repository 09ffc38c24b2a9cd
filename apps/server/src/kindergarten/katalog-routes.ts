import {
  KatalogQuerySchema,
  KatalogResponseSchema,
  MaterialInputSchema,
  MaterialParamsSchema,
  MaterialSavedResponseSchema,
  KATALOG_EDITORS,
} from '@sabaq/platform';
import type { Role } from '@sabaq/platform';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import type { Queryable } from '../db/db';
import {
  deleteMaterial,
  insertMaterial,
  listMaterials,
  loadKindergarten,
  matchesMaterial,
  ownsMaterial,
  updateMaterial,
} from './katalog-queries';
import { KindergartenError } from './document-texts';

const canEdit = (role: Role) => (KATALOG_EDITORS as readonly Role[]).includes(role);

/** The caller's kindergarten id for writing: 403 for a user whose place is not a kindergarten. */
async function ownKindergarten(db: Queryable, schoolId: number | null): Promise<number> {
  const kg = await loadKindergarten(db, schoolId);
  if (!kg) throw new KindergartenError(403, 'katalog_not_kindergarten');
  return kg.id;
}

async function assertOwn(db: Queryable, schoolId: number, id: number): Promise<void> {
  if (!(await ownsMaterial(db, schoolId, id)))
    throw new KindergartenError(404, 'katalog_material_not_found');
}

/**
 * The katalog (issue 15, spec §2 `katalog`): the caller's kindergarten's materials. Every query
 * filters by the caller's own kindergarten (school_id); another kindergarten's row is 404.
 */
export function registerKatalogRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;

  defineRoute(app, ctx, 'kindergarten.katalog', {
    querystring: KatalogQuerySchema,
    response: { 200: KatalogResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const kg = await loadKindergarten(db, auth.schoolId);
      if (!kg) return { data: { kindergarten: null, items: [], canEdit: false } };
      const { q, ...filter } = req.query;
      const items = (await listMaterials(db, kg.id, filter)).filter((m) => matchesMaterial(m, q));
      return { data: { kindergarten: kg.name[req.locale], items, canEdit: canEdit(auth.role) } };
    },
  });

  defineRoute(app, ctx, 'kindergarten.materialCreate', {
    body: MaterialInputSchema,
    response: { 201: MaterialSavedResponseSchema },
    handler: async (req, reply) => {
      const auth = requireAuth(req);
      const schoolId = await ownKindergarten(db, auth.schoolId);
      const id = await insertMaterial(db, schoolId, req.body);
      return reply.code(201).send({ data: { id } });
    },
  });

  defineRoute(app, ctx, 'kindergarten.materialUpdate', {
    params: MaterialParamsSchema,
    body: MaterialInputSchema,
    response: { 200: MaterialSavedResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const schoolId = await ownKindergarten(db, auth.schoolId);
      await assertOwn(db, schoolId, req.params.materialId);
      await updateMaterial(db, schoolId, req.params.materialId, req.body);
      return { data: { id: req.params.materialId } };
    },
  });

  defineRoute(app, ctx, 'kindergarten.materialRemove', {
    params: MaterialParamsSchema,
    response: { 200: MaterialSavedResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const schoolId = await ownKindergarten(db, auth.schoolId);
      await assertOwn(db, schoolId, req.params.materialId);
      await deleteMaterial(db, schoolId, req.params.materialId);
      return { data: { id: req.params.materialId } };
    },
  });
}
