import {
  GroupStatisticsResponseSchema,
  SchoolStatisticsResponseSchema,
  StatisticsGroupParamsSchema,
  StatisticsQuerySchema,
} from '@sabaq/platform';
import type { Locale, StatisticsSpan } from '@sabaq/platform';
import type { Db } from '../db/db';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { schoolDate } from '../teaching/journal-access';
import { registerCountryStatisticsRoute } from './country-routes';
import { ensureFresh } from './rollup';
import { assertGroup, assertSchool, choosePeriod, trendPeriods } from './statistics-access';
import {
  leadsGroup,
  listLedGroups,
  listAtRisk,
  listSchoolPeriods,
  loadSchoolName,
  loadStatGroup,
  nameGroups,
  namePeople,
  nameSubjects,
  subjectTeachers,
  tallyResults,
  type TallyRow,
} from './statistics-queries';
import {
  groupLabel,
  presentAtRisk,
  presentFigures,
  presentPeriod,
  withFigures,
} from './statistics-present';
import { StatisticsError } from './statistics-texts';

/**
 * School and class statistics (issue 16): figures from the roll-up of the journal's quarter
 * grades (rollup.ts), refreshed on read when a journal change marked them stale.
 */
export function registerStatisticsRoutes(
  app: App,
  ctx: AppContext,
  now: () => number = () => Date.now(),
): void {
  const { db } = ctx;
  registerCountryStatisticsRoute(app, ctx, now);

  defineRoute(app, ctx, 'statistics.school', {
    querystring: StatisticsQuerySchema,
    response: { 200: SchoolStatisticsResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const schoolId = assertSchool(auth.schoolId);
      // A group lead's "school" is the classes they lead.
      const groupIds =
        auth.role === 'group-lead' ? await listLedGroups(db, auth.userId, schoolId) : undefined;
      const frame = await loadFrame(
        db,
        schoolId,
        req.query.periodId,
        req.quarter,
        req.locale,
        now(),
      );
      const span = req.query.span ?? 'quarter';
      const scope = { schoolId, periodIds: spanPeriods(frame, span), groupIds };
      const [total, bySubject, byTeacher, byGroup, atRisk] = await Promise.all([
        tallyResults(db, scope, null),
        tallyResults(db, scope, 'subject_id'),
        tallyResults(db, scope, 'teacher_id'),
        tallyResults(db, scope, 'group_id'),
        listAtRisk(db, { schoolId, periodId: frame.period.id, groupIds }, req.locale),
      ]);
      const [subjects, teachers, groups] = await Promise.all([
        nameSubjects(db, keys(bySubject), req.locale),
        namePeople(db, keys(byTeacher)),
        nameGroups(db, keys(byGroup)),
      ]);
      return {
        data: {
          school: frame.school,
          scope: groupIds ? ('groups' as const) : ('school' as const),
          period: presentPeriod(frame.period),
          span,
          periods: frame.periods.map(presentPeriod),
          figures: presentFigures(total[0]),
          trend: await trendOf(db, frame, { groupIds }),
          subjects: withFigures(subjects, bySubject),
          teachers: withFigures(teachers, byTeacher),
          groups: withFigures(
            groups.map((group) => ({
              id: group.id,
              name: groupLabel(group.parallel, group.letter),
            })),
            byGroup,
          ),
          atRisk: presentAtRisk(atRisk),
        },
      };
    },
  });

  defineRoute(app, ctx, 'statistics.group', {
    params: StatisticsGroupParamsSchema,
    querystring: StatisticsQuerySchema,
    response: { 200: GroupStatisticsResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const group = await loadStatGroup(db, req.params.groupId);
      assertGroup(auth, group, await leadsGroup(db, auth.userId, req.params.groupId));
      const frame = await loadFrame(
        db,
        group.school_id,
        req.query.periodId,
        req.quarter,
        req.locale,
        now(),
      );
      const span = req.query.span ?? 'quarter';
      const scope = {
        schoolId: group.school_id,
        periodIds: spanPeriods(frame, span),
        groupIds: [group.id],
      };
      const [total, bySubject, byPupil, atRisk, teachers] = await Promise.all([
        tallyResults(db, scope, null),
        tallyResults(db, scope, 'subject_id'),
        tallyResults(db, scope, 'student_id'),
        listAtRisk(
          db,
          { schoolId: group.school_id, periodId: frame.period.id, groupIds: [group.id] },
          req.locale,
        ),
        subjectTeachers(db, {
          schoolId: group.school_id,
          periodId: frame.period.id,
          groupId: group.id,
        }),
      ]);
      const [subjects, pupils] = await Promise.all([
        nameSubjects(db, keys(bySubject), req.locale),
        namePeople(db, keys(byPupil)),
      ]);
      const teacherOf = new Map(teachers.map((row) => [row.subject_id, row.name]));
      return {
        data: {
          school: frame.school,
          group: { id: group.id, name: groupLabel(group.parallel, group.letter) },
          period: presentPeriod(frame.period),
          span,
          periods: frame.periods.map(presentPeriod),
          figures: presentFigures(total[0]),
          trend: await trendOf(db, frame, { groupIds: [group.id] }),
          subjects: withFigures(subjects, bySubject).map((subject) => ({
            ...subject,
            teacher: teacherOf.get(subject.id) ?? null,
          })),
          pupils: withFigures(pupils, byPupil),
          atRisk: presentAtRisk(atRisk),
        },
      };
    },
  });
}

const keys = (rows: readonly TallyRow[]) =>
  rows.map((row) => row.key).filter((key): key is number => key !== null);

type Frame = Awaited<ReturnType<typeof loadFrame>>;

/**
 * The periods the figures and tables count: the chosen one, or for `year` the year up to it (the
 * trend's periods, already rolled up). Pupils at risk stay the chosen period's: a risk is now.
 */
function spanPeriods(frame: Frame, span: StatisticsSpan): number[] {
  return span === 'year' ? frame.trend.map((period) => period.id) : [frame.period.id];
}

/** The school, its periods, the chosen one and the year's trend periods, all rolled up fresh. */
async function loadFrame(
  db: Db,
  schoolId: number,
  periodId: number | undefined,
  quarter: number | null,
  locale: Locale,
  nowMs: number,
) {
  const today = schoolDate(nowMs);
  const [school, periods] = await Promise.all([
    loadSchoolName(db, schoolId, locale),
    listSchoolPeriods(db, schoolId, locale),
  ]);
  if (!school) throw new StatisticsError(403, 'statistics_no_school');
  const period = choosePeriod(periods, periodId, quarter, today);
  const trend = trendPeriods(periods, period);
  for (const each of trend) await ensureFresh(db, each, today);
  const year = periods.filter((each) => each.school_year === period.school_year);
  return { school, period, periods: year, trend };
}

async function trendOf(db: Db, frame: Frame, scope: { groupIds?: readonly number[] }) {
  const rows = await tallyResults(
    db,
    { schoolId: frame.school.id, periodIds: frame.trend.map((period) => period.id), ...scope },
    'period_id',
  );
  const byPeriod = new Map(rows.map((row) => [row.key, row]));
  return frame.trend.map((period) => ({
    period: presentPeriod(period),
    figures: presentFigures(byPeriod.get(period.id)),
  }));
}
