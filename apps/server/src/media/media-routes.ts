import {
  MediaCatalogueQuerySchema,
  MediaCatalogueResponseSchema,
  MediaDetailResponseSchema,
  MediaInputSchema,
  MediaParamsSchema,
  MediaSavedResponseSchema,
} from '@sabaq/platform';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { loadSubscriptions } from '../commerce/subscription-queries';
import { assertFound, assertMediaOpen, canManage, isMediaOpen } from './media-access';
import { changeMedia, createMedia, removeMedia } from './media-commands';
import { listMedia, listSubjects, loadMedia, loadTracks } from './media-queries';
import { matchesWords, presentCard, presentDetail } from './media-present';

/**
 * The media sections (issue 14): the catalogue for everyone (anonymous visitors too); an entry with its stream
 * URLs behind the subscription gate (423 → /{lang}/media); publishing for the content editors.
 * Streams go through the file service's grants (`files.stream`: Range, ETag).
 */
export function registerMediaRoutes(
  app: App,
  ctx: AppContext,
  now: () => Date = () => new Date(),
): void {
  const { db } = ctx;
  const storage = () => ctx.files.storage;

  defineRoute(app, ctx, 'media.catalogue', {
    querystring: MediaCatalogueQuerySchema,
    response: { 200: MediaCatalogueResponseSchema },
    handler: async (req) => {
      // Public: an anonymous visitor sees the catalogue, not the players.
      const auth = req.auth;
      const { q, ...filter } = req.query;
      const [rows, subjects, subscriptions] = await Promise.all([
        listMedia(db, filter, req.locale),
        listSubjects(db, req.locale),
        auth ? loadSubscriptions(db, auth.userId) : Promise.resolve([]),
      ]);
      return {
        data: {
          items: rows.filter((row) => matchesWords(row, q)).map((row) => presentCard(row)),
          subjects,
          open: auth !== null && isMediaOpen(auth.role, subscriptions, now()),
          canManage: auth !== null && canManage(auth.role),
        },
      };
    },
  });

  defineRoute(app, ctx, 'media.show', {
    params: MediaParamsSchema,
    response: { 200: MediaDetailResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const row = await loadMedia(db, req.params.mediaId, req.locale);
      assertFound(row);
      assertMediaOpen(
        isMediaOpen(auth.role, await loadSubscriptions(db, auth.userId), now()),
        req.locale,
      );
      const tracks = row.kind === 'audio' ? await loadTracks(db, row.id) : [];
      return { data: presentDetail(row, tracks, req.locale) };
    },
  });

  defineRoute(app, ctx, 'media.create', {
    body: MediaInputSchema,
    response: { 201: MediaSavedResponseSchema },
    handler: async (req, reply) => {
      const auth = requireAuth(req);
      const id = await createMedia(db, storage(), req.body, auth.userId);
      return reply.code(201).send({ data: { id } });
    },
  });

  defineRoute(app, ctx, 'media.update', {
    params: MediaParamsSchema,
    body: MediaInputSchema,
    response: { 200: MediaSavedResponseSchema },
    handler: async (req) => {
      const row = await loadMedia(db, req.params.mediaId, req.locale);
      assertFound(row);
      await changeMedia(db, storage(), row, req.body);
      return { data: { id: row.id } };
    },
  });

  defineRoute(app, ctx, 'media.remove', {
    params: MediaParamsSchema,
    response: { 200: MediaSavedResponseSchema },
    handler: async (req) => {
      const row = await loadMedia(db, req.params.mediaId, req.locale);
      assertFound(row);
      await removeMedia(db, storage(), row.id);
      return { data: { id: row.id } };
    },
  });
}
