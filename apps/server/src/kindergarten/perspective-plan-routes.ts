import {
  CYCLOGRAM_WRITERS,
  PerspectivePlanResponseSchema,
  PlanCopyInputSchema,
  PlanMonthInputSchema,
  PlanMonthParamsSchema,
  PlanParamsSchema,
  PlanPdfQuerySchema,
  PlanQuerySchema,
  schoolYearOf,
} from '@sabaq/platform';
import type { Locale, PerspectivePlan, Role } from '@sabaq/platform';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { receiptFont } from '../commerce/receipt-pdf';
import { KindergartenError } from './document-texts';
import type { CyclogramGroup } from './cyclogram-queries';
import { visibleGroups } from './cyclogram-queries';
import { groupGate } from './group-gate';
import { loadPlanYear, loadWeeksBetween, saveMonth } from './perspective-plan-queries';
import { withLinks, yearWeeks } from './perspective-plan-present';
import { planTitle, renderPlan } from './perspective-plan-pdf';

type Who = { userId: number; role: Role; schoolId: number | null };

const groupName = (g: CyclogramGroup, locale: Locale) =>
  locale === 'kz' ? `${g.letter} тобы` : `Группа ${g.letter}`;
const writes = (role: Role) => (CYCLOGRAM_WRITERS as readonly Role[]).includes(role);
/** Today in Kazakhstan (UTC+5) as YYYY-MM-DD. */
const today = (now: Date) => new Date(now.getTime() + 5 * 3_600_000).toISOString().slice(0, 10);

/**
 * The perspective plan (issue 15, spec §2 `perspective-plan`): a kindergarten group's school
 * year, months × educational areas, with the cyclogram activities linked to each goal. The
 * group's teachers write (group_personnel); the kindergarten's director, deputy and methodist
 * read; a group the caller may not see is 404; all behind the kindergarden gate.
 */
export function registerPerspectivePlanRoutes(
  app: App,
  ctx: AppContext,
  now: () => Date = () => new Date(),
): void {
  const { db } = ctx;
  const { open, groupOf } = groupGate(db, now);
  const itemsOf = async (group: CyclogramGroup, year: number) => {
    const goals = await loadPlanYear(db, group.schoolId, group.id, year);
    const range = yearWeeks(year);
    const weeks = await loadWeeksBetween(db, group.schoolId, group.id, range.from, range.to);
    return {
      goals,
      items: withLinks(
        goals.map(({ updatedAt: _u, ...goal }) => goal),
        weeks,
      ),
    };
  };
  const plan = async (
    auth: Who,
    groups: CyclogramGroup[],
    group: CyclogramGroup | null,
    year: number,
    locale: Locale,
  ): Promise<PerspectivePlan> => {
    const loaded = group ? await itemsOf(group, year) : { goals: [], items: [] };
    const latest = Math.max(0, ...loaded.goals.map((g) => g.updatedAt.getTime()));
    return {
      groups: groups.map((g) => ({ id: g.id, name: groupName(g, locale) })),
      groupId: group?.id ?? null,
      year,
      items: loaded.items,
      updatedAt: latest ? new Date(latest).toISOString() : null,
      canEdit: group !== null && writes(auth.role),
    };
  };

  defineRoute(app, ctx, 'kindergarten.perspectivePlan', {
    querystring: PlanQuerySchema,
    response: { 200: PerspectivePlanResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      await open(auth, req.locale);
      const year = req.query.year ?? schoolYearOf(today(now()));
      if (req.query.groupId !== undefined) {
        const { group, groups } = await groupOf(auth, req.query.groupId);
        return { data: await plan(auth, groups, group, year, req.locale) };
      }
      const groups = await visibleGroups(db, auth);
      return { data: await plan(auth, groups, groups[0] ?? null, year, req.locale) };
    },
  });

  defineRoute(app, ctx, 'kindergarten.perspectivePlanSave', {
    params: PlanMonthParamsSchema,
    body: PlanMonthInputSchema,
    response: { 200: PerspectivePlanResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      await open(auth, req.locale);
      const { group, groups } = await groupOf(auth, req.params.groupId);
      const { year, month } = req.params;
      await db.transaction((tx) =>
        saveMonth(
          tx,
          { schoolId: group.schoolId, groupId: group.id, year, month },
          req.body.items,
          auth.userId,
        ),
      );
      return { data: await plan(auth, groups, group, year, req.locale) };
    },
  });

  defineRoute(app, ctx, 'kindergarten.perspectivePlanCopy', {
    params: PlanMonthParamsSchema,
    body: PlanCopyInputSchema,
    response: { 200: PerspectivePlanResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      await open(auth, req.locale);
      const { group, groups } = await groupOf(auth, req.params.groupId);
      const { year, month } = req.params;
      const source = (await loadPlanYear(db, group.schoolId, group.id, req.body.fromYear)).filter(
        (goal) => goal.month === req.body.fromMonth,
      );
      if (source.length === 0 || (req.body.fromYear === year && req.body.fromMonth === month))
        throw new KindergartenError(404, 'plan_nothing_to_copy');
      await db.transaction((tx) =>
        saveMonth(
          tx,
          { schoolId: group.schoolId, groupId: group.id, year, month },
          source,
          auth.userId,
        ),
      );
      return { data: await plan(auth, groups, group, year, req.locale) };
    },
  });

  defineRoute(app, ctx, 'kindergarten.perspectivePlanPdf', {
    params: PlanParamsSchema,
    querystring: PlanPdfQuerySchema,
    handler: async (req, reply) => {
      const auth = requireAuth(req);
      await open(auth, req.locale);
      const { group } = await groupOf(auth, req.params.groupId);
      const locale = req.query.lang ?? req.locale;
      const font = receiptFont();
      if (!font) throw new KindergartenError(503, 'cyclogram_font_missing');
      const { items } = await itemsOf(group, req.params.year);
      const { year } = req.params;
      const pdf = await renderPlan(items, locale, group.letter, year, req.query.month, font);
      const file = `${planTitle(locale, group.letter, year, req.query.month).replace(/ — /g, ' ')}.pdf`;
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file)}`)
        .send(pdf);
    },
  });
}
