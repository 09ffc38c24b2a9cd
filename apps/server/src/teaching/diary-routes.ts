import { DiaryQuerySchema, DiaryResponseSchema } from '@sabaq/platform';
import type { App, AppContext } from '../http/context';
import { requireAuth } from '../http/context';
import { defineRoute } from '../http/define-route';
import { viewerOf } from './lessons';
import { schoolOf } from './tenancy';
import { schoolPeriods } from './periods';
import { presentQuarterResult } from './journal-present';
import {
  listGroupSubjects,
  loadGroup,
  loadJournalPeriod,
  loadStudentResults,
} from './journal-queries';
import { presentDiaryPeriod, presentDiarySubject } from './diary-present';
import {
  listPupilAssessments,
  listPupilHomeworkGrades,
  listPupilMarks,
  listPupilSubgroups,
} from './diary-queries';

/**
 * The pupil's diary (issue 20): `GET diary?periodId`, the signed-in pupil's own rows only (the
 * policy admits students; there is no parent role yet). A period of another school is not found
 * (404), as in the journal.
 */
export function registerDiaryRoutes(app: App, ctx: AppContext): void {
  const db = ctx.db;

  defineRoute(app, ctx, 'diary.show', {
    querystring: DiaryQuerySchema,
    response: { 200: DiaryResponseSchema },
    handler: async (req) => {
      const auth = requireAuth(req);
      const viewer = await viewerOf(db, auth);
      const studentId = auth.userId;
      const group = viewer.groupId === null ? null : await loadGroup(db, viewer.groupId);
      const schoolId = group?.school_id ?? schoolOf(auth);
      const period = await loadJournalPeriod(
        db,
        schoolId,
        req.locale,
        req.query.periodId,
        req.quarter,
      );
      const periods = await schoolPeriods(db, schoolId, req.locale, period.school_year);
      if (!group)
        return {
          data: {
            period: presentDiaryPeriod(period),
            periods: periods.map(presentDiaryPeriod),
            subjects: [],
          },
        };
      const [subjects, subgroups, marks, assessments, homework] = await Promise.all([
        listGroupSubjects(db, group.id, req.locale),
        listPupilSubgroups(db, studentId, group.id),
        listPupilMarks(db, studentId, group.id, period),
        listPupilAssessments(db, studentId, group.id, period),
        listPupilHomeworkGrades(db, studentId, group.id, period),
      ]);
      const rows = { marks, assessments, homework };
      const data = [];
      for (const subject of subjects) {
        // The journal's own result for this pupil: on their subgroup's page in a split subject.
        const subgroup = subgroups.find((s) => s.subject_id === subject.id) ?? null;
        const page = { group, subjectId: subject.id, subgroupId: subgroup?.id ?? null, period };
        const result = presentQuarterResult(await loadStudentResults(db, page, studentId));
        data.push(presentDiarySubject(subject, subgroup, rows, result));
      }
      return {
        data: {
          period: presentDiaryPeriod(period),
          periods: periods.map(presentDiaryPeriod),
          subjects: data,
        },
      };
    },
  });
}
