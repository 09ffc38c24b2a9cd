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
  menuPathsFor,
  normalizeLocale,
} from '@sabaq/platform';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { schoolPeriods } from '../teaching/periods';
import { schoolOf } from '../teaching/tenancy';

function cols(locale: 'kz' | 'ru') {
  return locale === 'kz' ? 'name_kz' : 'name_ru';
}

export function registerDictionaryRoutes(app: App, ctx: AppContext): void {
  defineRoute(app, ctx, 'dict.permissions', {
    params: LocaleParamsSchema,
    response: { 200: PermissionsResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const locale = normalizeLocale(req.params.locale);
      // Issue 30: one table for the menu. The B2B list is the platform's menu table for the
      // role (packages/platform/src/menu/menu.ts), so no built screen is missing from it; the
      // stored menu_permissions rows are no longer read.
      const rows = menuPathsFor(auth.role).map((item) => ({
        path: item.path,
        name: item.label[locale],
      }));
      return {
        data: { userId: auth.userId, paths: rows.map((r) => r.path), meta: rows },
      };
    },
  });

  defineRoute(app, ctx, 'dict.featureFlags', {
    response: { 200: FeatureFlagsResponseSchema },
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

  defineRoute(app, ctx, 'dict.translations', {
    params: LocaleParamsSchema,
    response: { 200: TranslationsResponseSchema },
    handler: async (req) => {
      const rows = await ctx.db.query<{ key: string; value: string }>(
        'SELECT key, value FROM translations WHERE locale = $1 ORDER BY key',
        [normalizeLocale(req.params.locale)],
      );
      return { data: Object.fromEntries(rows.map((r) => [r.key, r.value])) };
    },
  });

  defineRoute(app, ctx, 'dict.periods', {
    response: { 200: PeriodsResponseSchema },
    handler: async (req) => {
      // Periods belong to a school: the caller's school's (none for users without a school).
      const rows = await schoolPeriods(ctx.db, schoolOf(requireAuth(req)), req.locale);
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

  defineRoute(app, ctx, 'dict.groups', {
    params: LocaleParamsSchema,
    response: { 200: GroupsByLocaleResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const locale = normalizeLocale(req.params.locale);
      const [groups, subgroups, subjects] = await Promise.all([
        ctx.db.query<{ id: number; parallel: number; letter: string; edu_lang_id: number }>(
          `SELECT id, parallel, letter, edu_lang_id FROM groups
              WHERE school_id = $1 AND NOT archived ORDER BY parallel, letter`,
          [schoolOf(auth)],
        ),
        ctx.db.query<{ id: number; group_id: number; subject_id: number; name: string }>(
          `SELECT sg.id, sg.group_id, sg.subject_id, sg.name FROM subgroups sg
               JOIN groups g ON g.id = sg.group_id WHERE g.school_id = $1 ORDER BY sg.id`,
          [schoolOf(auth)],
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

  defineRoute(app, ctx, 'dict.banners', {
    response: { 200: BannersResponseSchema },
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

  defineRoute(app, ctx, 'dict.domains', {
    response: { 200: DomainsResponseSchema },
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
