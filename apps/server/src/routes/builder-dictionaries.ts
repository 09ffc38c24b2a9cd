import { BuilderDictionariesResponseSchema } from '@sabaq/platform';
import type { BuilderDictionaryEntry } from '@sabaq/platform';
import type { App, AppContext } from '../http/context';
import { defineRoute } from '../http/define-route';
import { BUILDER_DICTIONARY_KINDS } from '../core/builder-dictionaries';
import type { BuilderDictionaryKind } from '../core/builder-dictionaries';

/** Issue 6: the dictionaries the builder editor copies into drafts, in the X-Localization language. */
export function registerBuilderDictionaryRoutes(app: App, ctx: AppContext): void {
  defineRoute(app, ctx, 'builder.dictionaries', {
    response: { 200: BuilderDictionariesResponseSchema },
    handler: async (req) => {
      const rows = await ctx.db.query<{ kind: BuilderDictionaryKind; id: string; title: string }>(
        `SELECT kind, id, ${req.locale === 'kz' ? 'title_kz' : 'title_ru'} AS title
           FROM builder_dictionary_entries ORDER BY kind, position, id`,
      );
      const data = Object.fromEntries(
        BUILDER_DICTIONARY_KINDS.map((k) => [k, [] as BuilderDictionaryEntry[]]),
      ) as Record<BuilderDictionaryKind, BuilderDictionaryEntry[]>;
      for (const r of rows) data[r.kind].push({ id: r.id, title: r.title });
      return { data };
    },
  });
}
