import { CountryStatisticsQuerySchema, CountryStatisticsResponseSchema } from '@sabaq/platform';
import type { DrillLevel, Locale } from '@sabaq/platform';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { schoolDate } from '../teaching/journal-access';
import { CHILD_LEVEL, levelOfIds, scopeIds, topLevelOf, trailLevels } from './country-access';
import {
  listChildren,
  loadChain,
  loadCurrentYear,
  loadWorker,
  nameChain,
  tallyNode,
  type NodeRow,
} from './country-queries';
import { refreshSchoolPeriods } from './rollup';
import { listUnsettledPeriods } from './rollup-queries';
import { ROLLUP_BATCH, SYNC_ROLLUP_SCHOOLS, rollupWorkerOf } from './rollup-worker';
import { presentFigures } from './statistics-present';
import { StatisticsError } from './statistics-texts';

/** A stale school rolled up within this many seconds waits for the background roll-up. */
export const STATISTICS_FRESH_SECONDS = 60;

const QUARTERS = [1, 2, 3, 4] as const;

const COUNTRY_NAME: Record<Locale, string> = { kz: 'Қазақстан', ru: 'Казахстан' };

/**
 * The drill-down of education workers (issue 16, spec §2 statistics/country/…): a node of the
 * tree with its figures and its children's, from the same roll-up as the school's statistics.
 * The schools below the node are rolled up fresh before the answer (at the demo's size at once;
 * the large tree's background roll-up comes with the generator).
 */
export function registerCountryStatisticsRoute(
  app: App,
  ctx: AppContext,
  now: () => number = () => Date.now(),
): void {
  const { db } = ctx;
  defineRoute(app, ctx, 'statistics.country', {
    querystring: CountryStatisticsQuerySchema,
    response: { 200: CountryStatisticsResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const worker = await loadWorker(db, auth.userId);
      const { quarter: askedQuarter, span = 'quarter', ...asked } = req.query;
      const ids = scopeIds(auth.role, worker ?? { region_id: null, department_id: null }, asked);
      const node = await loadChain(db, ids);
      if (!node) throw new StatisticsError(404, 'statistics_node_not_found');
      const current = await loadCurrentYear(db);
      if (!current) throw new StatisticsError(404, 'statistics_no_year');
      const quarter = askedQuarter ?? req.quarter ?? current.quarter;
      // A year is its quarters up to the chosen one, counted together.
      const year = {
        school_year: current.school_year,
        quarters: span === 'year' ? QUARTERS.filter((each) => each <= quarter) : [quarter],
      };
      const level = levelOfIds(ids);
      const today = schoolDate(now());
      const below = {
        regionId: node.region_id,
        departmentId: node.department_id,
        schoolId: node.school_id,
      };
      // Few schools to roll up: now, so the answer is current. Many (the large tree each
      // morning): the background worker settles them and the answer says how many are pending.
      // Issue 27: a school rolled up moments ago and marked stale again is being written right
      // now (the quarter-end peak); rolling it up on every read cost each drill-down a roll-up
      // per busy school (p50 0.3–1.4 s at the peak). It is left to the worker and counted as
      // pending, so a reader sees figures at most `statisticsFreshSeconds` old and says so.
      const fresh = ctx.config.statisticsFreshSeconds ?? STATISTICS_FRESH_SECONDS;
      const unsettled = await listUnsettledPeriods(db, below, year, today, fresh);
      const due = unsettled.filter((period) => !period.recent);
      const inline = due.length <= (ctx.config.statisticsSyncSchools ?? SYNC_ROLLUP_SCHOOLS);
      const left = inline ? unsettled.filter((period) => period.recent) : unsettled;
      if (inline)
        for (let at = 0; at < due.length; at += ROLLUP_BATCH)
          await refreshSchoolPeriods(db, due.slice(at, at + ROLLUP_BATCH), today);
      const pendingSchools = new Set(left.map((period) => period.school_id)).size;
      if (pendingSchools > 0) rollupWorkerOf(db).nudge();
      const [whole, byChild, children, names] = await Promise.all([
        tallyNode(db, level, node, year, true),
        tallyNode(db, level, node, year, false),
        listChildren(db, level, node, req.locale),
        nameChain(db, node, req.locale),
      ]);
      const byKey = new Map(byChild.map((row) => [row.key, row]));
      return {
        data: {
          level,
          node: {
            regionId: node.region_id,
            departmentId: node.department_id,
            schoolId: node.school_id,
            groupId: node.group_id,
          },
          trail: trailOf(topLevelOf(auth.role), level, node, names, req.locale),
          schoolYear: year.school_year,
          quarter,
          span,
          pendingSchools,
          figures: presentFigures(whole[0]),
          childLevel: CHILD_LEVEL[level],
          children: children.map((child) => {
            const tally = byKey.get(child.id);
            return {
              id: child.id,
              name: child.name,
              schools: Number(tally?.schools ?? 0),
              figures: presentFigures(tally),
            };
          }),
        },
      };
    },
  });
}

function trailOf(
  top: DrillLevel,
  level: DrillLevel,
  node: NodeRow,
  names: Awaited<ReturnType<typeof nameChain>>,
  locale: Locale,
) {
  const entry: Record<DrillLevel, { id: number | null; name: string }> = {
    country: { id: null, name: COUNTRY_NAME[locale] },
    region: { id: node.region_id, name: names.region ?? '' },
    department: { id: node.department_id, name: names.department ?? '' },
    school: { id: node.school_id, name: names.school ?? '' },
    group: { id: node.group_id, name: names.grp ?? '' },
  };
  return trailLevels(top, level).map((each) => ({ level: each, ...entry[each] }));
}
