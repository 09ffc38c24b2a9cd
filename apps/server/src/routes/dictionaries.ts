import {
  BannersResponseSchema,
  DomainsResponseSchema,
  FEATURE_FLAGS,
  FeatureFlagsResponseSchema,
  GroupsByLocaleResponseSchema,
  LocaleParamsSchema,
  PeriodsResponseSchema,
  PermissionsResponseSchema,
  TranslationsResponseSchema,
  normalizeLocale,
} from '@sabaq/platform';
import type { App, AppContext } from '../http/context';
import { requireAuth, routeBase } from '../http/context';

function cols(locale: 'kz' | 'ru') {
  return locale === 'kz' ? 'name_kz' : 'name_ru';
}

export function registerDictionaryRoutes(app: App, ctx: AppContext): void {
  {
    const b = routeBase(ctx, 'dict.permissions');
    app.route({
      method: b.method,
      url: b.url,
      onRequest: b.onRequest,
      config: b.config,
      schema: {
        ...b.meta,
        params: LocaleParamsSchema,
        response: { 200: PermissionsResponseSchema, ...b.errors },
      },
      handler: async (req) => {
        const auth = requireAuth(req);
        const locale = normalizeLocale(req.params.locale);
        const rows = await ctx.db.query<{ path: string; name: string }>(
          `SELECT path, ${cols(locale)} AS name FROM menu_permissions WHERE role = $1 ORDER BY position`,
          [auth.role],
        );
        return {
          data: { userId: auth.userId, paths: rows.map((r) => r.path), meta: rows },
        };
      },
    });
  }

  {
    const b = routeBase(ctx, 'dict.featureFlags');
    app.route({
      method: b.method,
      url: b.url,
      onRequest: b.onRequest,
      config: b.config,
      schema: { ...b.meta, response: { 200: FeatureFlagsResponseSchema, ...b.errors } },
      handler: async () => {
        const rows = await ctx.db.query<{ key: string; enabled: boolean }>(
          'SELECT key, enabled FROM feature_flags ORDER BY key',
        );
        // Every flag of spec §9 is always present (off unless stored as on).
        const data: Record<string, boolean> = Object.fromEntries(
          FEATURE_FLAGS.map((f) => [f, false]),
        );
        for (const r of rows) data[r.key] = r.enabled;
        // The assistant's button is offered only when this server has an assistant connected:
        // a stored "on" without SABAQ_AI_URL would show a button that always fails.
        if (!ctx.config.ai) data['gpt-feature'] = false;
        return { data };
      },
    });
  }

  {
    const b = routeBase(ctx, 'dict.translations');
    app.route({
      method: b.method,
      url: b.url,
      onRequest: b.onRequest,
      config: b.config,
      schema: {
        ...b.meta,
        params: LocaleParamsSchema,
        response: { 200: TranslationsResponseSchema, ...b.errors },
      },
      handler: async (req) => {
        const rows = await ctx.db.query<{ key: string; value: string }>(
          'SELECT key, value FROM translations WHERE locale = $1 ORDER BY key',
          [normalizeLocale(req.params.locale)],
        );
        return { data: Object.fromEntries(rows.map((r) => [r.key, r.value])) };
      },
    });
  }

  {
    const b = routeBase(ctx, 'dict.periods');
    app.route({
      method: b.method,
      url: b.url,
      onRequest: b.onRequest,
      config: b.config,
      schema: { ...b.meta, response: { 200: PeriodsResponseSchema, ...b.errors } },
      handler: async (req) => {
        const rows = await ctx.db.query<{
          id: number;
          name: string;
          quarter: number;
          start_date: string;
          end_date: string;
          is_current: boolean;
        }>(
          `SELECT id, ${cols(req.locale)} AS name, quarter, to_char(start_date, 'YYYY-MM-DD') AS start_date,
                  to_char(end_date, 'YYYY-MM-DD') AS end_date, is_current
             FROM periods ORDER BY start_date`,
        );
        return {
          data: rows.map((r) => ({
            id: r.id,
            name: r.name,
            quarter: r.quarter,
            startDate: r.start_date,
            endDate: r.end_date,
            is_current: r.is_current,
          })),
        };
      },
    });
  }

  {
    const b = routeBase(ctx, 'dict.groups');
    app.route({
      method: b.method,
      url: b.url,
      onRequest: b.onRequest,
      config: b.config,
      schema: {
        ...b.meta,
        params: LocaleParamsSchema,
        response: { 200: GroupsByLocaleResponseSchema, ...b.errors },
      },
      handler: async (req) => {
        const auth = requireAuth(req);
        const locale = normalizeLocale(req.params.locale);
        const [groups, subgroups, subjects] = await Promise.all([
          ctx.db.query<{ id: number; parallel: number; letter: string; edu_lang_id: number }>(
            `SELECT id, parallel, letter, edu_lang_id FROM groups
              WHERE school_id = $1 AND NOT archived ORDER BY parallel, letter`,
            [auth.schoolId ?? -1],
          ),
          ctx.db.query<{ id: number; group_id: number; subject_id: number; name: string }>(
            `SELECT sg.id, sg.group_id, sg.subject_id, sg.name FROM subgroups sg
               JOIN groups g ON g.id = sg.group_id WHERE g.school_id = $1 ORDER BY sg.id`,
            [auth.schoolId ?? -1],
          ),
          ctx.db.query<{ id: number; name: string }>(
            `SELECT id, ${cols(locale)} AS name FROM subjects ORDER BY id`,
          ),
        ]);
        return {
          data: {
            groups: groups.map((g) => ({
              id: g.id,
              name: `${g.parallel}${g.letter}`,
              parallel: g.parallel,
              letter: g.letter,
              eduLang: g.edu_lang_id,
            })),
            subgroups: subgroups.map((s) => ({
              id: s.id,
              groupId: s.group_id,
              subjectId: s.subject_id,
              name: s.name,
            })),
            subjects,
          },
        };
      },
    });
  }

  {
    const b = routeBase(ctx, 'dict.banners');
    app.route({
      method: b.method,
      url: b.url,
      onRequest: b.onRequest,
      config: b.config,
      schema: { ...b.meta, response: { 200: BannersResponseSchema, ...b.errors } },
      handler: async (req) => {
        const rows = await ctx.db.query<{
          id: number;
          image: string;
          external_link: string | null;
          title: string;
        }>(
          `SELECT id, image, external_link, ${req.locale === 'kz' ? 'title_kz' : 'title_ru'} AS title
             FROM banners ORDER BY position, id`,
        );
        return {
          data: rows.map((r) => ({
            id: r.id,
            image: r.image,
            externalLink: r.external_link,
            title: r.title,
          })),
        };
      },
    });
  }

  {
    const b = routeBase(ctx, 'dict.domains');
    app.route({
      method: b.method,
      url: b.url,
      onRequest: b.onRequest,
      config: b.config,
      schema: { ...b.meta, response: { 200: DomainsResponseSchema, ...b.errors } },
      handler: async (req) => {
        const rows = await ctx.db.query<{
          id: number;
          domain: string;
          kind: 'school' | 'kindergarten' | 'platform';
          name: string;
        }>(`SELECT id, domain, kind, ${cols(req.locale)} AS name FROM domains ORDER BY id`);
        return { data: rows };
      },
    });
  }
}
