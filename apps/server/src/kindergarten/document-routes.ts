import {
  DOCUMENT_PAGE_SIZE,
  DocumentDetailResponseSchema,
  DocumentInputSchema,
  DocumentListQuerySchema,
  DocumentListResponseSchema,
  DocumentParamsSchema,
  DocumentSavedResponseSchema,
  DocumentFileParamsSchema,
  DocumentSectionParamsSchema,
} from '@sabaq/platform';
import type { DocumentInput } from '@sabaq/platform';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { loadSubscriptions } from '../commerce/subscription-queries';
import {
  assertKindergartenOpen,
  assertVisible,
  canAuthor,
  isKindergartenOpen,
} from './document-access';
import {
  attachableIds,
  listAttached,
  saveWithFiles,
  sendAttachedFile,
} from '../files/rich-documents';
import {
  DOCUMENT_FILES,
  deleteDocument,
  insertDocument,
  listDocuments,
  loadDocument,
  updateDocument,
} from './document-queries';
import { KindergartenError } from './document-texts';
import { matchesWords, presentCard, presentDetail } from './document-present';

/**
 * The kindergarten document sections (issue 15): nomenclature, methodical, steam, regime-process.
 * Readers (the kindergarten roles) pass the kindergarden gate (423 → /{lang}/tariffs) and see
 * published documents; the methodist writes them and sees drafts too.
 */
export function registerKindergartenDocumentRoutes(
  app: App,
  ctx: AppContext,
  now: () => Date = () => new Date(),
): void {
  const { db } = ctx;
  /** The files a document is saved with: each one a stored file of use `kindergarten` (422). */
  const knownFiles = async (input: DocumentInput): Promise<string[]> => {
    const fileIds = [...new Set(input.fileIds)];
    const known = await attachableIds(db, DOCUMENT_FILES, fileIds);
    if (fileIds.some((id) => !known.has(id)))
      throw new KindergartenError(422, 'kindergarten_file_invalid', 'fileIds');
    return fileIds;
  };
  const gate = async (userId: number, role: Parameters<typeof canAuthor>[0], locale: 'kz' | 'ru') =>
    assertKindergartenOpen(
      isKindergartenOpen(role, await loadSubscriptions(db, userId), now()),
      locale,
    );

  defineRoute(app, ctx, 'kindergarten.documents', {
    params: DocumentSectionParamsSchema,
    querystring: DocumentListQuerySchema,
    response: { 200: DocumentListResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      await gate(auth.userId, auth.role, req.locale);
      const { q, page, age, area } = req.query;
      const manage = canAuthor(auth.role);
      const rows = (
        await listDocuments(db, req.params.section, { age, area, drafts: manage })
      ).filter((row) => matchesWords(row, q));
      const start = (page - 1) * DOCUMENT_PAGE_SIZE;
      return {
        data: {
          items: rows
            .slice(start, start + DOCUMENT_PAGE_SIZE)
            .map((row) => presentCard(row, req.locale)),
          total: rows.length,
          page,
          pageSize: DOCUMENT_PAGE_SIZE,
          canManage: manage,
        },
      };
    },
  });

  defineRoute(app, ctx, 'kindergarten.document', {
    params: DocumentParamsSchema,
    response: { 200: DocumentDetailResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      await gate(auth.userId, auth.role, req.locale);
      const row = await loadDocument(db, req.params.section, req.params.documentId);
      assertVisible(row, auth.role);
      const files = await listAttached(db, DOCUMENT_FILES, row.id);
      return { data: presentDetail(row, req.locale, canAuthor(auth.role), files) };
    },
  });

  defineRoute(app, ctx, 'kindergarten.documentCreate', {
    params: DocumentSectionParamsSchema,
    body: DocumentInputSchema,
    response: { 201: DocumentSavedResponseSchema },
    handler: async (req, reply) => {
      const auth = requireAuth(req);
      const fileIds = await knownFiles(req.body);
      const id = await saveWithFiles(db, DOCUMENT_FILES, fileIds, (tx) =>
        insertDocument(tx, req.params.section, req.body, auth.userId),
      );
      return reply.code(201).send({ data: { id } });
    },
  });

  defineRoute(app, ctx, 'kindergarten.documentUpdate', {
    params: DocumentParamsSchema,
    body: DocumentInputSchema,
    response: { 200: DocumentSavedResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const row = await loadDocument(db, req.params.section, req.params.documentId);
      assertVisible(row, auth.role);
      const fileIds = await knownFiles(req.body);
      await saveWithFiles(db, DOCUMENT_FILES, fileIds, async (tx) => {
        await updateDocument(tx, row.id, req.body);
        return row.id;
      });
      return { data: { id: row.id } };
    },
  });

  // A file is read with its document's rights: the gate, a published document (or the
  // methodist), and attached to that document; anything else 404.
  defineRoute(app, ctx, 'kindergarten.documentFile', {
    params: DocumentFileParamsSchema,
    handler: async (req, reply) => {
      const auth = requireAuth(req);
      await gate(auth.userId, auth.role, req.locale);
      const row = await loadDocument(db, req.params.section, req.params.documentId);
      assertVisible(row, auth.role);
      return sendAttachedFile(req, reply, {
        db,
        storage: ctx.files.storage,
        at: DOCUMENT_FILES,
        ownerId: row.id,
        fileId: req.params.fileId,
        notFound: () => new KindergartenError(404, 'kindergarten_file_not_found'),
      });
    },
  });

  defineRoute(app, ctx, 'kindergarten.documentRemove', {
    params: DocumentParamsSchema,
    response: { 200: DocumentSavedResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const row = await loadDocument(db, req.params.section, req.params.documentId);
      assertVisible(row, auth.role);
      await deleteDocument(db, row.id);
      return { data: { id: row.id } };
    },
  });
}
