import {
  CATALOGUE_COPIERS,
  CatalogueAttachRequestSchema,
  CatalogueAttachResponseSchema,
  CatalogueCopyResponseSchema,
  CatalogueDetailResponseSchema,
  CatalogueListResponseSchema,
  CatalogueOriginResponseSchema,
  CatalogueParamsSchema,
  CatalogueQuerySchema,
  inGroup,
} from '@sabaq/platform';
import type { Role } from '@sabaq/platform';
import { ApiErrorSchema } from '@sabaq/platform';
import type { Draft } from '@sabaq/engine';
import { jsonColumn } from '../db/db';
import { presentContent } from '../teaching/exam-access';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { HttpError } from '../http/errors';
import { requireOpenSubscription } from '../commerce/subscription-guard';
import { viewerOf, visibleLesson } from '../teaching/lessons';
import { attachItem, copyItem } from './catalogue-commands';
import { ExamInUseError, examUseFor } from './exam-use';
import {
  catalogueSubjects,
  listCatalogue,
  loadCatalogueItem,
  presentItem,
} from './catalogue-queries';

/** SOR and SOCh are the exam catalogue: for the school's staff and methodists only (answers). */
export function seesExams(role: Role): boolean {
  return inGroup(role, 'employees') || role === 'methodist';
}
const EXAM_TYPES = ['sor', 'soch'];

/**
 * Content catalogues (issue 17): published builder content as published (snapshots), searchable
 * in Kazakh and Russian; preview; copy into one's drafts.
 */
export function registerCatalogueRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;

  defineRoute(app, ctx, 'catalogue.list', {
    querystring: CatalogueQuerySchema,
    response: { 200: CatalogueListResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const { school, ...query } = req.query;
      const exams = seesExams(auth.role);
      // Pupils, guests and lecturers see lessons and lectures; the exam kinds are the staff's.
      if (!exams && (query.kind === 'exam' || EXAM_TYPES.includes(query.type ?? '')))
        return {
          data: {
            items: [],
            total: 0,
            page: query.page,
            perPage: query.perPage,
            subjects: [],
            canCopy: false,
          },
        };
      const kind = query.kind ?? undefined;
      const { rows, total } = await listCatalogue(
        db,
        {
          ...query,
          kind,
          ...(school === 'mine' ? { schoolId: auth.schoolId ?? -1 } : {}),
          ...(!exams && !kind && !query.type ? { excludeExams: true } : {}),
        },
        req.locale,
      );
      // An exam of another school still in use comes without keys and cannot be copied (issue 28).
      const items = [];
      for (const r of rows) items.push(presentItem(r, await examUseFor(db, auth, r)));
      return {
        data: {
          items,
          total,
          page: query.page,
          perPage: query.perPage,
          subjects: await catalogueSubjects(db, req.locale),
          canCopy: (CATALOGUE_COPIERS as readonly Role[]).includes(auth.role),
        },
      };
    },
  });

  defineRoute(app, ctx, 'catalogue.show', {
    params: CatalogueParamsSchema,
    response: { 200: CatalogueDetailResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const row = await loadCatalogueItem(db, req.params.draftId, req.locale);
      if (!row || (EXAM_TYPES.includes(row.type) && !seesExams(auth.role)))
        throw new HttpError(404, 'not_found');
      const inUseUntil = await examUseFor(db, auth, row);
      const draft = jsonColumn<Draft>(row.doc);
      return {
        data: {
          item: presentItem(row, inUseUntil),
          draft: presentContent(draft, inUseUntil === null),
          keysHidden: inUseUntil !== null,
        },
      };
    },
  });

  defineRoute(app, ctx, 'catalogue.copy', {
    params: CatalogueParamsSchema,
    response: { 201: CatalogueCopyResponseSchema, 423: ApiErrorSchema },
    handler: async (req, reply) => {
      const auth = requireAuth(req);
      await requireOpenSubscription(db, auth.userId, req.locale);
      const row = await loadCatalogueItem(db, req.params.draftId, req.locale);
      if (!row || (EXAM_TYPES.includes(row.type) && !seesExams(auth.role)))
        throw new HttpError(404, 'not_found');
      const inUseUntil = await examUseFor(db, auth, row);
      if (inUseUntil) throw new ExamInUseError(inUseUntil);
      const copy = await copyItem(db, auth, row);
      return reply.code(201).send({
        data: { ...copy, originDraftId: row.draft_id, originVersion: row.version },
      });
    },
  });

  defineRoute(app, ctx, 'catalogue.attach', {
    params: CatalogueParamsSchema,
    body: CatalogueAttachRequestSchema,
    response: { 201: CatalogueAttachResponseSchema, 423: ApiErrorSchema },
    handler: async (req, reply) => {
      const auth = requireAuth(req);
      await requireOpenSubscription(db, auth.userId, req.locale);
      const row = await loadCatalogueItem(db, req.params.draftId, req.locale);
      if (!row || (EXAM_TYPES.includes(row.type) && !seesExams(auth.role)))
        throw new HttpError(404, 'not_found');
      const inUseUntil = await examUseFor(db, auth, row);
      if (inUseUntil) throw new ExamInUseError(inUseUntil);
      const viewer = await viewerOf(db, auth);
      // Someone else's lesson: 404 when it is not theirs to see, 403 when only to see.
      const lesson = await visibleLesson(db, viewer, req.body.scheduleId, req.locale, true);
      const attached = await attachItem(db, auth, viewer, row, lesson.id);
      return reply.code(201).send({ data: { scheduleId: lesson.id, ...attached } });
    },
  });

  defineRoute(app, ctx, 'catalogue.origin', {
    params: CatalogueParamsSchema,
    response: { 200: CatalogueOriginResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const rows = await db.query<{
        origin_draft_id: string | null;
        origin_version: number | null;
        title: string | null;
      }>(
        `SELECT d.origin_draft_id, d.origin_version, c.title FROM drafts d
           LEFT JOIN catalogue_items c ON c.draft_id = d.origin_draft_id
          WHERE d.id = $1 AND d.owner_id = $2 AND d.deleted_at IS NULL`,
        [req.params.draftId, auth.userId],
      );
      const r = rows[0];
      // Someone else's draft: reported as missing.
      if (!r) throw new HttpError(404, 'not_found');
      return {
        data: {
          origin:
            r.origin_draft_id !== null && r.origin_version !== null
              ? { draftId: r.origin_draft_id, version: r.origin_version, title: r.title ?? '' }
              : null,
        },
      };
    },
  });
}
