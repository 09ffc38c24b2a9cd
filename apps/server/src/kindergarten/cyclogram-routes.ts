import {
  CYCLOGRAM_WRITERS,
  CyclogramInputSchema,
  CyclogramParamsSchema,
  CyclogramPdfQuerySchema,
  CyclogramQuerySchema,
  CyclogramWeekResponseSchema,
} from '@sabaq/platform';
import type { CyclogramWeek, Locale, Role } from '@sabaq/platform';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { groupGate } from './group-gate';
import { receiptFont } from '../commerce/receipt-pdf';
import { KindergartenError } from './document-texts';
import type { CyclogramGroup } from './cyclogram-queries';
import { loadWeek, mondayOf, previousWeek, saveWeek, visibleGroups } from './cyclogram-queries';
import { cyclogramTitle, renderCyclogram } from './cyclogram-pdf';
import { loadPlanGoals, ownPlanItemIds } from './perspective-plan-queries';
import { monthsOfWeek } from './perspective-plan-present';

const groupName = (g: CyclogramGroup, locale: Locale) =>
  locale === 'kz' ? `${g.letter} тобы` : `Группа ${g.letter}`;
const writes = (role: Role) => (CYCLOGRAM_WRITERS as readonly Role[]).includes(role);

/**
 * The weekly cyclogram (issue 15, spec §2 `cyclogramm`): a kindergarten group's week, days ×
 * regime moments. The group's teachers write (group_personnel); the kindergarten's director,
 * deputy and methodist read; a group the caller may not see is 404; all behind the gate.
 */
export function registerCyclogramRoutes(
  app: App,
  ctx: AppContext,
  now: () => Date = () => new Date(),
): void {
  const { db } = ctx;
  const { open, groupOf } = groupGate(db, now);
  const week = async (
    auth: { userId: number; role: Role; schoolId: number | null },
    groups: CyclogramGroup[],
    group: CyclogramGroup | null,
    start: string,
    locale: Locale,
  ): Promise<CyclogramWeek> => {
    const row = group ? await loadWeek(db, group.schoolId, group.id, start) : null;
    // The goals of the perspective plan a cell may name: the week's months', and the named ones.
    const named = (row?.cells ?? []).flatMap((c) => (c.planItemId ? [c.planItemId] : []));
    const planItems = group
      ? await loadPlanGoals(db, group.schoolId, group.id, monthsOfWeek(start), named)
      : [];
    return {
      groups: groups.map((g) => ({ id: g.id, name: groupName(g, locale) })),
      groupId: group?.id ?? null,
      week: start,
      cells: row?.cells ?? [],
      updatedAt: row?.updatedAt.toISOString() ?? null,
      canEdit: group !== null && writes(auth.role),
      planItems,
    };
  };

  defineRoute(app, ctx, 'kindergarten.cyclogram', {
    querystring: CyclogramQuerySchema,
    response: { 200: CyclogramWeekResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      await open(auth, req.locale);
      const start = req.query.week ?? mondayOf(now());
      if (req.query.groupId !== undefined) {
        const { group, groups } = await groupOf(auth, req.query.groupId);
        return { data: await week(auth, groups, group, start, req.locale) };
      }
      const groups = await visibleGroups(db, auth);
      return { data: await week(auth, groups, groups[0] ?? null, start, req.locale) };
    },
  });

  defineRoute(app, ctx, 'kindergarten.cyclogramSave', {
    params: CyclogramParamsSchema,
    body: CyclogramInputSchema,
    response: { 200: CyclogramWeekResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      await open(auth, req.locale);
      const { group, groups } = await groupOf(auth, req.params.groupId);
      // A cell names a goal of this group's own perspective plan, or none.
      const named = req.body.cells.flatMap((c) => (c.planItemId ? [c.planItemId] : []));
      const own = await ownPlanItemIds(db, group.schoolId, group.id, named);
      const stranger = req.body.cells.findIndex((c) => c.planItemId && !own.has(c.planItemId));
      if (stranger >= 0)
        throw new KindergartenError(422, 'plan_item_not_found', `cells.${stranger}.planItemId`);
      // The last cell of a day and moment wins; empty cells are not stored.
      const cells = new Map(req.body.cells.map((c) => [`${c.day}:${c.moment}`, c]));
      await saveWeek(
        db,
        group.schoolId,
        group.id,
        req.params.week,
        [...cells.values()].filter((c) => c.text !== ''),
        auth.userId,
      );
      return { data: await week(auth, groups, group, req.params.week, req.locale) };
    },
  });

  defineRoute(app, ctx, 'kindergarten.cyclogramCopy', {
    params: CyclogramParamsSchema,
    response: { 200: CyclogramWeekResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      await open(auth, req.locale);
      const { group, groups } = await groupOf(auth, req.params.groupId);
      const before = await loadWeek(db, group.schoolId, group.id, previousWeek(req.params.week));
      if (!before || before.cells.length === 0)
        throw new KindergartenError(404, 'cyclogram_no_previous');
      await saveWeek(db, group.schoolId, group.id, req.params.week, before.cells, auth.userId);
      return { data: await week(auth, groups, group, req.params.week, req.locale) };
    },
  });

  defineRoute(app, ctx, 'kindergarten.cyclogramPdf', {
    params: CyclogramParamsSchema,
    querystring: CyclogramPdfQuerySchema,
    handler: async (req, reply) => {
      const auth = requireAuth(req);
      await open(auth, req.locale);
      const { group } = await groupOf(auth, req.params.groupId);
      const locale = req.query.lang ?? req.locale;
      const font = receiptFont();
      if (!font) throw new KindergartenError(503, 'cyclogram_font_missing');
      const row = await loadWeek(db, group.schoolId, group.id, req.params.week);
      const name = groupName(group, locale).replace(/ тобы$|^Группа /, '');
      const pdf = await renderCyclogram(row?.cells ?? [], locale, name, req.params.week, font);
      const file = `${cyclogramTitle(locale, name, req.params.week).replace(/ — /g, ' ')}.pdf`;
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file)}`)
        .send(pdf);
    },
  });
}
